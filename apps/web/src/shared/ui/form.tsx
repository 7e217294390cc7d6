import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from '../i18n/language';
import { CheckIcon } from './icons';
import { EyeIcon, EyeOffIcon } from './menuIcons';
import './form.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'>;

export interface FieldProps extends InputProps {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  icon?: ReactNode;
  /** Shown under the field; its test id is field-error-<name>. */
  error?: string | null;
  /** What the value must look like (e.g. "6 digits"), under the field, so the label itself stays short. */
  hint?: string;
  testId?: string;
  trailing?: ReactNode;
  leading?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Keeps only digits (SMS code, captcha, mobile number, payment password). */
  digitsOnly?: boolean;
}

/**
 * A control of a screen the server drew can be typed in (or filled in by the browser) before the
 * app takes the screen over, and React keeps its own state then, not what the control shows. Once
 * mounted, a control whose value differs from its state hands that value on, as a change would.
 * Mounted by the app alone, a control always shows its state, and nothing happens.
 */
function useAdoptShownValue<T extends string | boolean>(
  shown: () => T | undefined,
  state: T,
  adopt: (value: T) => void,
): void {
  const adoptShown = useEffectEvent(() => {
    const value = shown();
    if (value !== undefined && value !== state) adopt(value);
  });
  useEffect(() => adoptShown(), []);
}

/**
 * A labelled input row: icon, optional leading control, input, trailing control, and its error.
 * The label is the placeholder while the field is empty and floats up as a small caption inside the
 * row once the field has a value or the focus (form.css), so filled fields still say what they are.
 */
export function Field({
  name,
  label,
  value,
  onValueChange,
  icon,
  error,
  hint,
  testId,
  trailing,
  leading,
  inputRef,
  digitsOnly,
  className,
  ...rest
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const accept = (typed: string) => onValueChange(digitsOnly ? typed.replace(/\D+/g, '') : typed);
  useAdoptShownValue(() => (document.getElementById(id) as HTMLInputElement | null)?.value, value, accept);
  return (
    <div
      className={`field${error ? ' field--invalid' : ''}${rest.disabled ? ' field--disabled' : ''} ${className ?? ''}`}
    >
      <div className="field__row">
        {icon ? <span className="field__icon">{icon}</span> : null}
        {leading}
        <span className="field__control">
          <input
            ref={inputRef}
            id={id}
            name={name}
            className="field__input"
            value={value}
            placeholder={label}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-testid={testId}
            onChange={(event) => accept(event.target.value)}
            {...rest}
          />
          <label className="field__label" htmlFor={id}>
            {label}
          </label>
        </span>
        {trailing}
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} data-testid={`field-error-${name}`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? t('acc_hide_password') : t('acc_show_password')}
          aria-pressed={visible}
          data-testid={props.testId ? `${props.testId}-toggle` : undefined}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeIcon size={20} /> : <EyeOffIcon size={20} />}
        </button>
      }
    />
  );
}

export interface TabItem<K extends string> {
  key: K;
  label: string;
  testId?: string;
}

/** Segmented tabs over a form. */
export function Tabs<K extends string>({
  items,
  active,
  onChange,
  label,
}: {
  items: TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
}) {
  return (
    <div className="seg-tabs" role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          className={`seg-tabs__tab${item.key === active ? ' is-active' : ''}`}
          data-testid={item.testId}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

export function Checkbox({
  checked,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  useAdoptShownValue(() => input.current?.checked, checked, onChange);
  return (
    <label className="check">
      <input
        ref={input}
        type="checkbox"
        className="check__input"
        checked={checked}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="check__box" aria-hidden="true">
        {checked ? <CheckIcon size={14} strokeWidth={3} /> : null}
      </span>
      <span className="check__label">{children}</span>
    </label>
  );
}

/** Seconds left of a resend countdown; restart(n) starts a new one. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** The "send code" button inside a field: idle, sending, then disabled with a seconds countdown (spec §4). */
export function SendCodeButton({
  secondsLeft,
  sending,
  onSend,
  testId,
  disabled,
}: {
  secondsLeft: number;
  sending: boolean;
  onSend: () => void;
  testId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="field__action"
      data-testid={testId}
      disabled={disabled || sending || secondsLeft > 0}
      onClick={onSend}
    >
      {secondsLeft > 0 ? t('acc_resend_in', { seconds: secondsLeft }) : t('acc_send_code')}
    </button>
  );
}

/** A country dialing code select that sits at the start of a mobile number field. */
export function DialingCodeSelect({
  value,
  options,
  onChange,
  testId,
}: {
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const select = useRef<HTMLSelectElement>(null);
  useAdoptShownValue(() => select.current?.value, value, onChange);
  const list = options.length > 0 ? options : [value];
  return (
    <span className="field__dial">
      <select
        ref={select}
        aria-label={t('acc_dialing_code')}
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      >
        {list.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * Spread on a form's submit button. Pressing it would otherwise first blur the field being typed
 * in; that field's error message then appears, pushes the button down, and the press lands beside
 * it — the form never submits. Keeping the focus where it is until the click avoids the shift; the
 * submit validates every field anyway.
 */
export const keepFieldFocusOnPress = {
  onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
};
