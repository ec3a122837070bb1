// antd's number input given a `min` or `max` takes nothing out of range while the user types and moves
// what was typed into range when the input is left: "-5" in a field of minimum 0 is saved as 0 and no
// message says so. A value the user typed is never changed silently: the field's bounds are its rules
// (engine/pages/form/rules.ts, the same bounds the server's payload schema holds), which keep the value
// as typed and say what is wrong with it. So the bounds never reach the input; they stay as its
// aria-valuemin and aria-valuemax, which is all a reader needs from them.
import { InputNumber, type InputNumberProps } from 'antd';

export type UnclampedNumberProps<T extends string | number = number> = InputNumberProps<T>;

/** The props an input gets for a field's bounds: described, never enforced by the input. */
export function unclamped<T extends string | number>({
  min,
  max,
  ...rest
}: UnclampedNumberProps<T>): UnclampedNumberProps<T> {
  const bound = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? Number(v) : undefined);
  return { ...rest, 'aria-valuemin': bound(min), 'aria-valuemax': bound(max) } as UnclampedNumberProps<T>;
}

export function UnclampedNumber(props: UnclampedNumberProps) {
  return <InputNumber {...unclamped(props)} />;
}
