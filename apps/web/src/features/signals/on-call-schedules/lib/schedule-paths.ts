/** The web's on-call schedule pages (SPEC lists the list; the rest are linked pages under it). */
export const schedulesPath = '/signals/on_call_schedules';
export const newSchedulePath = `${schedulesPath}/new`;
export const myShiftsPath = `${schedulesPath}/my_shifts`;
export const schedulePagePath = (id: string) => `${schedulesPath}/${encodeURIComponent(id)}`;
export const scheduleEditPath = (id: string) => `${schedulePagePath(id)}/edit`;
