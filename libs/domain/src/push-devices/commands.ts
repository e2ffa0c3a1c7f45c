/** `token` arrives checked (pushTokenProblem) and sealed by the api; `platform` and `name` as the client sent them. */
export type RegisterPushDevice = {
  type: 'RegisterPushDevice';
  deviceId: string;
  userId: string;
  platform: unknown;
  name: unknown;
  token: string;
  tokenHint: string;
};
export type RemovePushDevice = { type: 'RemovePushDevice'; deviceId: string; userId: string };

export type PushDeviceCommand = RegisterPushDevice | RemovePushDevice;
