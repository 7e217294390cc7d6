import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/language';
import { TIMING_MS } from '@palaro/contract';
import { CloseIcon } from './icons';
import { ActionDockContext } from './PrimaryAction';
import './feedback.css';

/** A bottom sheet on phones: title, close button, content. A mask tap within 300 ms of opening is ignored. */
export function Modal({
  title,
  onClose,
  children,
  testId,
  labelledBy,
}: {
  title?: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  const openedAt = useRef(0);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    openedAt.current = Date.now();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previous;
    };
  }, [onClose]);

  return createPortal(
    <div className="sheet-layer">
      <div
        className="dialog-mask"
        aria-hidden="true"
        onClick={() => {
          if (Date.now() - openedAt.current >= TIMING_MS.dialogMaskGuard) onClose();
        }}
      />
      <div
        ref={panel}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-label={labelledBy ? undefined : title}
        aria-labelledby={labelledBy}
        data-testid={testId}
      >
        <div className="sheet__head">
          {title ? <h2 className="sheet__title">{title}</h2> : <span />}
          <button
            type="button"
            className="icon-btn"
            aria-label={t('close')}
            data-testid={testId ? `${testId}-close` : undefined}
            onClick={onClose}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        {/* A sheet's own button ends its form: the page's action dock is under the sheet. */}
        <ActionDockContext.Provider value={null}>
          <div className="sheet__body">{children}</div>
        </ActionDockContext.Provider>
      </div>
    </div>,
    document.body,
  );
}
