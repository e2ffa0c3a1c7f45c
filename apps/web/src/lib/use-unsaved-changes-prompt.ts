import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { leavesChangedForm, UNSAVED_CHANGES_PROMPT } from './unsaved-changes';

/**
 * Asks before a changed form is left: in-app navigation gets SPEC.md's question, closing or reloading the tab
 * gets the browser's own (browsers no longer show a page's text there).
 *
 * Pass what "changed" means for the form: with react-hook-form, `formState.isDirty && !formState.isSubmitting`,
 * so a form that navigates away once saved (the navigation happens while it is still submitting) is not
 * questioned about its own save.
 */
export function useUnsavedChangesPrompt(isDirty: boolean): void {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => leavesChangedForm(isDirty, currentLocation, nextLocation),
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_PROMPT)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = UNSAVED_CHANGES_PROMPT;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isDirty]);
}
