/** Service-line states (000 §4, §5; catalogue §3.3). A service only moves forward. */
export const serviceStates = ['new', 'started', 'finished'] as const;
export type ServiceState = (typeof serviceStates)[number];

export function isServiceState(value: unknown): value is ServiceState {
  return typeof value === 'string' && (serviceStates as readonly string[]).includes(value);
}

/** START SERVICE is enabled only for a selected service in state new. */
export function canStartService(state: ServiceState): boolean {
  return state === 'new';
}

/** FINISH SERVICE is enabled only for a selected service in state started. */
export function canFinishService(state: ServiceState): boolean {
  return state === 'started';
}
