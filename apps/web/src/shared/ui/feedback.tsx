import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/language';
import { LOADING_TOAST_SECONDS, TIMING_MS } from '@palaro/contract';
import { CheckIcon } from './frameIcons';
import './feedback.css';

type ToastKind = 'info' | 'success' | 'error' | 'loading';

interface ToastState {
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

function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

function Toast({ state }: { state: ToastState }) {
  return (
    <div className="toast-layer" aria-live={state.kind === 'error' ? 'assertive' : 'polite'}>
      <div className={`toast toast--${state.kind}`} data-testid="toast" role={state.kind === 'error' ? 'alert' : 'status'}>
        {state.kind === 'loading' ? <Spinner /> : state.kind === 'success' ? <CheckIcon size={22} className="toast__icon" /> : null}
        <span className="toast__text">{state.text}</span>
      </div>
    </div>
  );
}

interface DialogState extends ConfirmOptions {
  resolve: (ok: boolean) => void;
  openedAt: number;
}

function ConfirmDialog({ state, onClose }: { state: DialogState; onClose: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);
  const alertOnly = state.cancelText === null;

  useEffect(() => {
    okRef.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // A tap on the mask within 300 ms of opening is the tail of the tap that opened it (spec §9).
  const onMask = () => {
    if (Date.now() - state.openedAt < TIMING_MS.dialogMaskGuard) return;
    onClose(false);
  };

  return (
    <div className="dialog-layer">
      <div className="dialog-mask" data-testid="confirm-mask" aria-hidden="true" onClick={onMask} />
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" aria-describedby="confirm-message" data-testid="confirm-dialog">
        <h2 className="dialog__title" id="confirm-title">{state.title ?? t('in_popup_prompt')}</h2>
        <p className="dialog__message" id="confirm-message">{state.message}</p>
        <div className={`dialog__actions${alertOnly ? ' dialog__actions--single' : ''}`}>
          {alertOnly ? null : (
            <button type="button" className="btn btn--outline" data-testid="confirm-cancel" onClick={() => onClose(false)}>
              {state.cancelText ?? t('in_more_cancel')}
            </button>
          )}
          <button ref={okRef} type="button" className="btn btn--primary" data-testid="confirm-ok" onClick={() => onClose(true)}>
            {state.okText ?? t('in_increase_submit')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Toasts, loading indicators and the confirm dialog for the whole app. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [toastState, setToastState] = useState<ToastState | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seq = useRef(0);
  const resolveToast = useRef<(() => void) | null>(null);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const hide = useCallback(() => {
    clearTimer();
    setToastState(null);
    resolveToast.current?.();
    resolveToast.current = null;
  }, []);

  useEffect(() => () => clearTimer(), []);

  const toast = useMemo<ToastApi>(() => ({
    show: (text, options) => {
      hide();
      seq.current += 1;
      setToastState({ id: seq.current, text, kind: options?.kind ?? 'info' });
      return new Promise<void>((resolve) => {
        resolveToast.current = resolve;
        timer.current = setTimeout(hide, options?.durationMs ?? TIMING_MS.toastLong);
      });
    },
    loading: (text, durationMs = LOADING_TOAST_SECONDS * 1000) => {
      hide();
      seq.current += 1;
      const id = seq.current;
      setToastState({ id, text, kind: 'loading' });
      timer.current = setTimeout(hide, durationMs);
      return () => {
        if (seq.current === id) hide();
      };
    },
    hide,
  }), [hide]);

  const confirm = useCallback((options: ConfirmOptions) => new Promise<boolean>((resolve) => {
    setDialog({ ...options, resolve, openedAt: Date.now() });
  }), []);

  const closeDialog = useCallback((ok: boolean) => {
    setDialog((current) => {
      current?.resolve(ok);
      return null;
    });
  }, []);

  const value = useMemo(() => ({ toast, confirm }), [toast, confirm]);

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {/* Only while there is something to show: the page's first render (the server's too) has none. */}
      {dialog || toastState ? createPortal(
        <>
          {dialog ? <ConfirmDialog state={dialog} onClose={closeDialog} /> : null}
          {toastState ? <Toast key={toastState.id} state={toastState} /> : null}
        </>,
        document.body,
      ) : null}
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

export { Spinner };
