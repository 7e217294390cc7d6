import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LOADING_TOAST_SECONDS, TIMING_MS } from '@palaro/contract';
import { onDemand } from '../lib/onDemand';
// In the start-up sheet, not with the drawn parts: it also styles the spinner the header draws
// while a member's balance loads, and the bottom sheets (Modal).
import './feedback.css';

type ToastKind = 'info' | 'success' | 'error' | 'loading';

export interface ToastState {
  id: number;
  text: string;
  kind: ToastKind;
}

export interface ToastApi {
  /** A short message; durations are the spec's (1 s, 1.5 s, 2 s, 3 s, 8 s). */
  show: (text: string, options?: { durationMs?: number; kind?: Exclude<ToastKind, 'loading'> }) => Promise<void>;
  /** A loading toast that stays until hidden, or for durationMs (default 9999 s, spec §9). */
  loading: (text: string, durationMs?: number) => () => void;
  hide: () => void;
}

export interface ConfirmOptions {
  title?: string;
  message: string;
  okText?: string;
  /** null: an alert with one button. */
  cancelText?: string | null;
}

interface FeedbackValue {
  toast: ToastApi;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

const FeedbackContext = createContext<FeedbackValue | null>(null);

export interface DialogState extends ConfirmOptions {
  resolve: (ok: boolean) => void;
  openedAt: number;
}

// What draws the toast and the dialog is its own chunk (FeedbackLayers): every
// page can show one, none as it opens. The first waits for it; later ones are drawn at once.
const layers = onDemand(() => import('./FeedbackLayers').then((module) => module.drawFeedback));

/** Starts loading what draws toasts and dialogs, on a sign that one is coming (the header menu opening). */
export const preloadFeedback = layers.preload;

/** Calls draw once the layers are loaded (at once when they are); failed when they cannot be. */
function whenDrawable(draw: () => void, failed: () => void) {
  if (layers.loaded()) {
    draw();
    return;
  }
  layers.load().then(draw, (error: unknown) => {
    console.error('feedback', error);
    failed();
  });
}

/** Toasts, loading indicators and the confirm dialog for the whole app. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [toastState, setToastState] = useState<ToastState | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The latest toast's id; hiding moves it on, so a toast still waiting for its chunk is then not drawn.
  const seq = useRef(0);
  const resolveToast = useRef<(() => void) | null>(null);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const hide = useCallback(() => {
    clearTimer();
    seq.current += 1;
    setToastState(null);
    resolveToast.current?.();
    resolveToast.current = null;
  }, []);

  useEffect(() => () => clearTimer(), []);

  /** Replaces the toast shown; the new one stays durationMs from when it is drawn. Returns its id. */
  const present = useCallback(
    (text: string, kind: ToastKind, durationMs: number) => {
      hide();
      const id = seq.current;
      whenDrawable(
        () => {
          if (seq.current !== id) return;
          setToastState({ id, text, kind });
          timer.current = setTimeout(hide, durationMs);
        },
        () => {
          if (seq.current === id) hide();
        },
      );
      return id;
    },
    [hide],
  );

  const toast = useMemo<ToastApi>(
    () => ({
      show: (text, options) =>
        new Promise<void>((resolve) => {
          present(text, options?.kind ?? 'info', options?.durationMs ?? TIMING_MS.toastLong);
          resolveToast.current = resolve;
        }),
      loading: (text, durationMs = LOADING_TOAST_SECONDS * 1000) => {
        const id = present(text, 'loading', durationMs);
        return () => {
          if (seq.current === id) hide();
        };
      },
      hide,
    }),
    [hide, present],
  );

  // A dialog that cannot be drawn (its chunk failed to download) answers as if cancelled.
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        whenDrawable(
          () => setDialog({ ...options, resolve, openedAt: Date.now() }),
          () => resolve(false),
        );
      }),
    [],
  );

  const closeDialog = useCallback((ok: boolean) => {
    setDialog((current) => {
      current?.resolve(ok);
      return null;
    });
  }, []);

  const value = useMemo(() => ({ toast, confirm }), [toast, confirm]);
  const draw = layers.loaded();

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {/* Only while there is something to show (then the layers are loaded): the page's first render (the server's too) has none. */}
      {draw && (dialog || toastState) ? draw(dialog, toastState, closeDialog) : null}
    </FeedbackContext.Provider>
  );
}

function useFeedback(): FeedbackValue {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useToast/useConfirm outside FeedbackProvider');
  return value;
}

export function useToast(): ToastApi {
  return useFeedback().toast;
}

export function useConfirm(): FeedbackValue['confirm'] {
  return useFeedback().confirm;
}

// The spinner is in its own module for the drawn layers; screens take it from here, with the toast.
export { Spinner } from './Spinner';
