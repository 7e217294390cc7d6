import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/language';
import { TIMING_MS } from '@palaro/contract';
import { CheckIcon } from './frameIcons';
import { Spinner } from './Spinner';
import type { DialogState, ToastState } from './feedback';

function Toast({ state }: { state: ToastState }) {
  return (
    <div className="toast-layer" aria-live={state.kind === 'error' ? 'assertive' : 'polite'}>
      <div
        className={`toast toast--${state.kind}`}
        data-testid="toast"
        role={state.kind === 'error' ? 'alert' : 'status'}
      >
        {state.kind === 'loading' ? (
          <Spinner />
        ) : state.kind === 'success' ? (
          <CheckIcon size={22} className="toast__icon" />
        ) : null}
        <span className="toast__text">{state.text}</span>
      </div>
    </div>
  );
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
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        data-testid="confirm-dialog"
      >
        <h2 className="dialog__title" id="confirm-title">
          {state.title ?? t('in_popup_prompt')}
        </h2>
        <p className="dialog__message" id="confirm-message">
          {state.message}
        </p>
        <div className={`dialog__actions${alertOnly ? ' dialog__actions--single' : ''}`}>
          {alertOnly ? null : (
            <button
              type="button"
              className="btn btn--outline"
              data-testid="confirm-cancel"
              onClick={() => onClose(false)}
            >
              {state.cancelText ?? t('in_more_cancel')}
            </button>
          )}
          <button
            ref={okRef}
            type="button"
            className="btn btn--primary"
            data-testid="confirm-ok"
            onClick={() => onClose(true)}
          >
            {state.okText ?? t('in_increase_submit')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * What FeedbackProvider draws over the page: the confirm dialog and the toast. Its own chunk,
 * loaded with the first of them: no page shows one as it opens.
 */
export function drawFeedback(
  dialog: DialogState | null,
  toast: ToastState | null,
  onCloseDialog: (ok: boolean) => void,
) {
  return createPortal(
    <>
      {dialog ? <ConfirmDialog state={dialog} onClose={onCloseDialog} /> : null}
      {toast ? <Toast key={toast.id} state={toast} /> : null}
    </>,
    document.body,
  );
}
