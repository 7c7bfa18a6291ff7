/**
 * The loading bar of the spec: 0 to 100, shown only when work lasts longer than the throttle (200 ms), creeping
 * towards 90 over the duration (5000 ms) while work goes on, then 100, hidden 500 ms after completion.
 */
export interface LoadingBarState {
  visible: boolean;
  progress: number;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, hideAfterMs: 500, stepMs: 200 } as const;

export function createLoadingBarController(
  onChange: (state: LoadingBarState) => void,
  timers: Timers = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  },
) {
  let state: LoadingBarState = { visible: false, progress: 0 };
  let showTimer: unknown = null;
  let stepTimer: unknown = null;
  let hideTimer: unknown = null;
  let busy = false;

  const set = (next: LoadingBarState) => {
    state = next;
    onChange(state);
  };
  const clear = (handle: unknown) => {
    if (handle !== null) timers.clearTimeout(handle);
  };
  const step = () => {
    // each step covers a share of the remaining distance to 90 so the bar never stalls or reaches the end
    const steps = LOADING_BAR.durationMs / LOADING_BAR.stepMs;
    const next = Math.min(90, state.progress + Math.max(0.5, (90 - state.progress) / (steps / 3)));
    set({ visible: true, progress: next });
    stepTimer = timers.setTimeout(step, LOADING_BAR.stepMs);
  };

  return {
    /** the busy counter changed */
    update(count: number) {
      if (count > 0 && !busy) {
        busy = true;
        clear(hideTimer);
        hideTimer = null;
        if (state.visible) {
          // new work while the finished bar was fading: keep going from where it is
          clear(stepTimer);
          set({ visible: true, progress: Math.min(state.progress, 90) });
          stepTimer = timers.setTimeout(step, LOADING_BAR.stepMs);
          return;
        }
        showTimer = timers.setTimeout(() => {
          showTimer = null;
          set({ visible: true, progress: 10 });
          stepTimer = timers.setTimeout(step, LOADING_BAR.stepMs);
        }, LOADING_BAR.throttleMs);
      } else if (count === 0 && busy) {
        busy = false;
        clear(showTimer);
        showTimer = null;
        clear(stepTimer);
        stepTimer = null;
        if (!state.visible) return;
        set({ visible: true, progress: 100 });
        hideTimer = timers.setTimeout(() => {
          hideTimer = null;
          set({ visible: false, progress: 0 });
        }, LOADING_BAR.hideAfterMs);
      }
    },
    state: () => state,
    dispose() {
      clear(showTimer);
      clear(stepTimer);
      clear(hideTimer);
    },
  };
}
