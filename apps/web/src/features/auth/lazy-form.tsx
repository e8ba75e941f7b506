import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormProps, UseFormReturn } from 'react-hook-form';
import { useKeepFocus } from '../../lib/keep-focus';

/**
 * What a form loads on first use: react-hook-form's `useForm`, the form's options (its zod resolver)
 * and whatever the page shows only once the form is in use (an error alert, say).
 */
export type FormKit<T extends FieldValues> = {
  useForm: (options: UseFormProps<T>) => UseFormReturn<T>;
  options: UseFormProps<T>;
};

/**
 * A react-hook-form form whose library (react-hook-form, the zod resolver and the schema, ~14 KB gzip)
 * loads when the visitor first focuses the form, or submits it, instead of with the page
 * (docs/decisions/029-sign-in-first-load-and-practice-paint.md).
 *
 * Until then the inputs are plain uncontrolled inputs carrying their names, and keep what is typed.
 * Once the kit is there, a host component that renders nothing calls `useForm` and reports each of its
 * renders to the page, which then passes `register(name)` to the same inputs: React keeps the DOM
 * elements (no remount, no lost focus or keystroke) and react-hook-form, having no default value for a
 * field, adopts the value the input holds when it registers it. A submit before the kit is there waits
 * for it and then runs as usual, so the validation messages are react-hook-form's and the schema's.
 */
export function useLazyForm<T extends FieldValues, K extends FormKit<T>>(loadKit: () => Promise<K>) {
  const [kit, setKit] = useState<K | null>(null);
  const [current, setCurrent] = useState<{ form: UseFormReturn<T> } | null>(null);
  const [waiting, setWaiting] = useState(false);
  const loading = useRef<Promise<void> | null>(null);
  const pendingSubmit = useRef<SubmitWithKit<T, K> | null>(null);

  const load = useCallback(() => {
    loading.current ??= loadKit().then(setKit, () => {
      // Offline or a failed chunk: the next focus or submit tries again.
      loading.current = null;
      pendingSubmit.current = null;
      setWaiting(false);
    });
  }, [loadKit]);

  const report = useCallback((form: UseFormReturn<T>) => setCurrent({ form }), []);
  // One element per kit: re-rendering the page does not re-render the host (same props), only
  // react-hook-form's own state changes do, and each is reported back.
  const host = useMemo(() => (kit ? <FormHost kit={kit} onRender={report} /> : null), [kit, report]);

  const form = current?.form ?? null;
  // The latest form, for handlers created in an earlier render (a submit made before the kit arrived).
  const latestForm = useRef(form);
  useLayoutEffect(() => {
    latestForm.current = form;
  });
  useEffect(() => {
    // A submit that came before the kit: the inputs are registered now (refs attach before effects).
    const onValid = pendingSubmit.current;
    if (!form || !kit || !onValid) return;
    pendingSubmit.current = null;
    // `waiting` ends only once the submit has run: react-hook-form's own isSubmitting reaches this page
    // a render later (its host reports it), and a render with neither would end the work for
    // useKeepFocus, which would give focus back to the button just before it is disabled again and
    // lose it for good (a refused login that was submitted before the kit arrived kept focus on <body>).
    void form
      .handleSubmit((values) => onValid(values, kit))()
      .finally(() => setWaiting(false));
  }, [form, kit]);

  const errors: FieldErrors<T> = form?.formState.errors ?? {};
  const isSubmitting = waiting || (form?.formState.isSubmitting ?? false);
  // The submit button is disabled while the form works: a server's refusal gives focus back to it.
  const rememberFocus = useKeepFocus(isSubmitting);
  return {
    /** Rendered anywhere inside the page once the kit is there (it renders nothing). */
    host,
    /** The kit once loaded: what the page shows only when the form is in use. */
    kit,
    /** Starts loading the kit (the form's `onFocus`). */
    load,
    /** The input's name, then react-hook-form's registration. */
    register: (name: Path<T>) => (form ? form.register(name) : { name }),
    errors,
    /** Marks a field invalid with `message` (a server's answer to a valid form); only once the kit is there. */
    setError: (name: Path<T>, message: string) => latestForm.current?.setError(name, { message }),
    isSubmitting,
    /** react-hook-form's `handleSubmit`, the handler also receiving the kit. */
    handleSubmit: (onValid: SubmitWithKit<T, K>) => (event: FormEvent) => {
      rememberFocus((event.nativeEvent as SubmitEvent).submitter);
      if (form && kit) return void form.handleSubmit((values) => onValid(values, kit))(event);
      event.preventDefault();
      pendingSubmit.current = onValid;
      setWaiting(true);
      load();
    },
  };
}

type SubmitWithKit<T, K> = (values: T, kit: K) => Promise<void>;

function FormHost<T extends FieldValues, K extends FormKit<T>>({ kit, onRender }: { kit: K; onRender: (form: UseFormReturn<T>) => void }): ReactNode {
  const form = kit.useForm(kit.options);
  // react-hook-form re-renders its host for the parts of the state that are read: read what pages show.
  void form.formState.errors;
  void form.formState.isSubmitting;
  useLayoutEffect(() => onRender(form));
  return null;
}
