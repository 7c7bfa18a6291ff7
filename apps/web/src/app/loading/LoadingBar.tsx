import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { busy } from './busy';
import classes from './LoadingBar.module.css';
import { createLoadingBarController, type LoadingBarState } from './loading-bar-controller';

/** The thin bar at the top of the page, driven by the busy counter. */
export function LoadingBar() {
  const { t } = useTranslation('shell');
  const [state, setState] = useState<LoadingBarState>({ visible: false, progress: 0 });

  useEffect(() => {
    const controller = createLoadingBarController(setState);
    controller.update(busy.count());
    const unsubscribe = busy.subscribe((count) => controller.update(count));
    return () => {
      unsubscribe();
      controller.dispose();
    };
  }, []);

  if (!state.visible) return null;
  return (
    <div
      className={classes.track}
      role="progressbar"
      aria-label={t('common:loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress)}
      data-testid="loading-bar"
    >
      <div className={classes.bar} style={{ width: `${state.progress}%` }} />
    </div>
  );
}
