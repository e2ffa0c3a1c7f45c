import { Input, type InputProps } from '@mantine/core';
import { useId, type ComponentPropsWithRef } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import PhoneInput from 'react-phone-number-input/max';
import flags from 'react-phone-number-input/flags';
import en from 'react-phone-number-input/locale/en';
import 'react-phone-number-input/style.css';

interface Props<T extends FieldValues & { number: string }> {
  control: Control<T>;
  /** The input's own name; the form value is always `number` (SPEC.md section 3). */
  name?: string;
  label?: string;
  /** Shows the error before the field was touched, e.g. once the form was submitted. */
  forceShowError?: boolean;
  /** Custom error text (a server's answer); the form's own error comes first. */
  error?: string;
  disabled?: boolean;
}

/** The phone library renders our Mantine input, so the field looks like every other one. */
function PhoneTextInput(props: InputProps & ComponentPropsWithRef<'input'>) {
  return <Input {...props} />;
}

/**
 * SPEC.md sections 5 and 9: +1 by default, typed in international format with the calling code
 * editable, an International option in an English country list, focus back to the number after a
 * country is picked. The form value is the E.164 string ('+14155552671').
 */
export function PhoneNumberField<T extends FieldValues & { number: string }>({
  control,
  name = 'number',
  label = 'Phone number',
  forceShowError,
  error,
  disabled,
}: Props<T>) {
  const { field, fieldState } = useController({ control, name: 'number' as Path<T> });
  const id = useId();
  // read on every render: react-hook-form only updates the field state this render read
  const formError = fieldState.error?.message;
  const shown = fieldState.isTouched || forceShowError || Boolean(error) ? (formError ?? error) : undefined;
  return (
    <Input.Wrapper id={id} label={label} required error={shown}>
      <PhoneInput
        name={name}
        ref={field.ref}
        value={field.value || undefined}
        onChange={(value) => field.onChange(value ?? '')}
        onBlur={field.onBlur}
        defaultCountry="US"
        international
        countryCallingCodeEditable
        addInternationalOption
        focusInputOnCountrySelection
        autoComplete="tel"
        labels={en}
        flags={flags}
        inputComponent={PhoneTextInput}
        error={Boolean(shown)}
        aria-invalid={Boolean(shown)}
        disabled={disabled}
      />
    </Input.Wrapper>
  );
}
