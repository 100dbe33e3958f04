import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Focuses the first invalid control in reading order (`aria-invalid="true"`) and brings it into
 * view (below the sticky header: styles.css). A control that takes no focus of its own, such as a
 * radio group's container, is made focusable for it.
 */
export function focusFirstInvalid(container: HTMLElement) {
  const target = container.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!target) return;
  if (!target.matches('input, select, textarea, button, [tabindex]')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center' });
}

/**
 * Every form's answer to a refused submit: once its errors are on the screen, the first one has
 * the focus, whether the form's own checks or the server refused. `formRef` goes on the `<form>`
 * (or the element holding the fields); `focusFirstError` is handleSubmit's second argument and is
 * called after the server's field errors are applied. The form is made with
 * `shouldFocusError: false`, so react-hook-form's own focusing (registration order, inputs with a
 * ref only) does not compete.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  // Runs after the render that shows the errors: react-hook-form's error state and this count change together.
  useEffect(() => {
    if (refusals > 0 && formRef.current) focusFirstInvalid(formRef.current);
  }, [refusals]);
  const focusFirstError = useCallback(() => setRefusals((n) => n + 1), []);
  return { formRef, focusFirstError };
}
