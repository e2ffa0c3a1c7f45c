import type { SelfTestEvent, SelfTestSettings } from './events';

export interface SelfTestState {
  settings: SelfTestSettings | null;
}

export const initialSelfTest = (): SelfTestState => ({ settings: null });

export function evolveSelfTest(state: SelfTestState, event: SelfTestEvent): SelfTestState {
  switch (event.type) {
    case 'SelfTestConfigured': {
      const { orgId: _orgId, ...settings } = event.data;
      return { ...state, settings };
    }
  }
}
