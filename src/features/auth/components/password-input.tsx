import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from '@/components/ui/input';
import { PASSWORD_MAX } from '../form-rules';

/** Every password field of the auth forms: masked, and capped where the auth service stops reading (72 bytes). */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>
>((props, ref) => <Input ref={ref} type="password" maxLength={PASSWORD_MAX} {...props} />);
PasswordInput.displayName = 'PasswordInput';
