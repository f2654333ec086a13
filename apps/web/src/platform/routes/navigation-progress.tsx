import { useEffect } from 'react';
import { useNavigation } from 'react-router';

// nprogress loads with the first navigation; the first paint has its own fallback.
const progress = () =>
  import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({ showSpinner: false });
    return NProgress;
  });

/** The top progress bar while a route's code or data loads. */
export function NavigationProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    void progress().then((NProgress) => (state === 'idle' ? NProgress.done() : NProgress.start()));
  }, [state]);
  return null;
}
