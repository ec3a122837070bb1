// A rule checked on blur is checked again when the value changes afterwards. The browser gives a blur
// to the input before the widget around it has committed what was typed (antd's number input commits
// on blur, after the form's blur check has read the old value), and Formily checks only its onInput
// rules on a change: without this, the message of the old value stays under the new one (an emptied
// cell's 'required' after it was refilled). Also re-checked while the user corrects a field
// that shows a message, so the message goes as soon as the value is right.
import { isField, onFieldInputValueChange } from '@formily/core';

/** Must run inside createForm's effects. */
export function recheckBlurRules(): void {
  onFieldInputValueChange('*', (field) => {
    if (!isField(field)) return;
    if (field.active && field.selfErrors.length === 0) return;
    // validate() rejects with the errors it has already put on the field.
    field.validate('onBlur').catch(() => undefined);
  });
}
