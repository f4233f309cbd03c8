import { useEffect, useRef } from 'react';
import { type Location, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { ConfirmProvider } from '../../ui/confirm';
import { FeedbackProvider, readFeedbackState, useFeedback } from '../../ui/FeedbackBanner';
import { NewVersionPrompt } from '../../ui/NewVersionPrompt';
import classes from './RootLayout.module.css';

/**
 * A message handed over in navigation state is shown on arrival; moving to another path clears the
 * previous screen's message, which no longer describes what is on screen.
 */
function FeedbackOnNavigation() {
  const location = useLocation();
  const { show, clear } = useFeedback();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    const carried = readFeedbackState(location.state);
    const pathChanged = lastPath.current !== null && lastPath.current !== location.pathname;
    lastPath.current = location.pathname;
    if (carried) show(carried.type, carried.message);
    else if (pathChanged) clear();
  }, [location, show, clear]);
  return null;
}

/** A thin bar while the next screen's code or data loads, so a click never seems ignored. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className={classes.progress}
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={100}
    />
  );
}

/**
 * Scroll kept per path: a new screen opens at its top (not at the list's scroll position it was
 * opened from), Back returns to where the list was, and a filter or page change, which only changes
 * the query, leaves the scroll where it is.
 */
const scrollKey = (location: Location) => location.pathname;

export function RootLayout() {
  return (
    <FeedbackProvider>
      <ConfirmProvider>
        <FeedbackOnNavigation />
        <NavigationProgress />
        <ScrollRestoration getKey={scrollKey} />
        <Outlet />
        <NewVersionPrompt />
      </ConfirmProvider>
    </FeedbackProvider>
  );
}
