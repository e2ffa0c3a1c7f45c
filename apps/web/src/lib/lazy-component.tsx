import { use, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

/** A promise that says how it settled (`status`, `value`, `reason`): React's `use` reads those to answer at once. */
type Tracked<T> = Promise<T> & { status?: string; value?: T; reason?: unknown };

/** A component (a screen, a dialog) whose file loads when it is first rendered, or earlier through `preload`. */
export interface LazyComponent<P extends object = object> {
  (props: P): ReactNode;
  displayName?: string;
  /** Starts loading the component's file (once) and settles when it has loaded or failed. */
  preload(): Promise<ComponentType<P>>;
}

/** What a route that shows a lazy component carries, so its file can be loaded before the route renders. */
export interface ScreenHandle {
  preloadScreen(): Promise<unknown>;
}

/**
 * `React.lazy`, except that a component whose file has already loaded renders at once. React.lazy suspends on its first
 * render even then, so the Suspense fallback (the loading area) is committed, and React holds back what replaces a
 * fallback until 300 ms after it was shown (its reveal throttle): 0.4-0.6 s added to each page opened (1,070 ms
 * instead of 644 ms to the alerts page's heading, median of 10 loads on a 2-core machine). The routes load their
 * screens' files before they render (`preloadScreens`, from the router's loaders), so the fallback is seen only
 * where a file is still on its way. A file that fails to load throws its error where the component renders, as
 * React.lazy does, for the chunk-failure recovery (ChunkLoadBoundary).
 */
export function lazyComponent<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let file: Tracked<ComponentType<P>> | undefined;
  const preload = () => {
    if (!file) {
      const loading: Tracked<ComponentType<P>> = load();
      loading.status = 'pending';
      loading.then(
        (value) => Object.assign(loading, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(loading, { status: 'rejected', reason }),
      );
      file = loading;
    }
    return file;
  };
  const Screen = (props: P) => {
    const Loaded = use(preload() as Promise<ComponentType<P>>);
    return <Loaded {...props} />;
  };
  return Object.assign(Screen, { preload });
}

/** Whether a route's component is a lazy screen (some routes show a component of the signed-in app's own file). */
export const isLazyComponent = (component: unknown): component is LazyComponent =>
  typeof component === 'function' && 'preload' in component;

/** The route handle of a lazy component. */
export const screenHandle = (screen: { preload(): Promise<unknown> }): ScreenHandle => ({
  preloadScreen: screen.preload,
});

/**
 * Loads the files of the lazy screens `pathname` shows among `routes` (their handles), and settles when they have
 * loaded or failed: a failure is not the caller's to handle, the screen throws it when it renders.
 */
export function preloadScreens(routes: RouteObject[], pathname: string): Promise<void> {
  const loading = (matchRoutes(routes, pathname) ?? []).map(({ route }) =>
    (route.handle as Partial<ScreenHandle> | undefined)?.preloadScreen?.(),
  );
  return Promise.allSettled(loading).then(() => undefined);
}
