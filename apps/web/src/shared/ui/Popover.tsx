import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/** A small dropdown panel under a header button; closes on Escape or a tap outside. */
export function Popover({
  id,
  label,
  onClose,
  className,
  children,
  testId,
  returnFocus,
}: {
  id: string;
  label: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
  testId?: string;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>('button, a[href]');
    first?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        returnFocus?.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, returnFocus]);

  return (
    <>
      <div className="popover-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-label={label}
        className={`popover ${className ?? ''}`}
        data-testid={testId}
      >
        {children}
      </div>
    </>
  );
}
