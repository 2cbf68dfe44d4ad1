import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useUpdatePassword } from '../api/update-password';
import { useUpdateProfile } from '../api/update-profile';
import { toastFailure } from '../lib/toast-failure';
import { profileOf } from '../lib/user-display';
import { authMessages } from '../messages';
import { NAME_MAX, profileSchema, ZIP_PATTERN, type ProfileInput } from '../schemas';
import { NewPasswordForm } from './new-password-form';

const a = authMessages.account;

/** The signed-in user's profile (name, ZIP) and password: the "profile" the account promises. */
export function AccountProfile({ user }: { user: User }) {
  return (
    <>
      <ProfileCard user={user} />
      <PasswordCard />
    </>
  );
}

const nameFields = [
  { name: 'firstName', id: 'profile-first-name', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', id: 'profile-last-name', label: 'Last Name', autoComplete: 'family-name' },
] as const;

function ProfileCard({ user }: { user: User }) {
  const profile = profileOf(user);
  const save = useUpdateProfile();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isDirty, isValid },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    // Checked as the user types, like the register form, so Save changes is only offered for a profile it can save.
    mode: 'onChange',
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, zip: profile.zip },
  });
  const zip = useWatch({ control, name: 'zip' });
  const zipOk = ZIP_PATTERN.test(zip);
  // One message per field: while the live hint says 'Must be 5 digits', the schema's error would repeat it.
  const zipHintShown = zip !== '';

  const onValid = async (values: ProfileInput) => {
    try {
      await save.mutateAsync(values);
      reset(values);
    } catch {
      // useUpdateProfile toasted the service's message; the form keeps the user's edits.
    }
  };

  return (
    <AccountCard title={a.profileTitle} description={a.profileDescription}>
      <form onSubmit={handleSubmit(onValid)} className="grid gap-4" noValidate>
        <FormField id="profile-email" label="Email">
          <Input type="email" value={profile.email} readOnly disabled />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          {nameFields.map(({ name, id, label, autoComplete }) => (
            <FormField
              key={name}
              id={id}
              label={label}
              invalid={!!errors[name]}
              error={errors[name]?.message}
              describedBy={`${id}-error`}
            >
              <Input autoComplete={autoComplete} maxLength={NAME_MAX} {...register(name)} />
            </FormField>
          ))}
        </div>
        <FormField
          id="profile-zip"
          label="ZIP Code"
          className="sm:max-w-[12rem]"
          invalid={!!errors.zip || (zip !== '' && !zipOk)}
          hint={zipHintShown && (zipOk ? authMessages.hints.zipValid : authMessages.hints.zipInvalid)}
          hintTone={zipOk ? 'ok' : 'bad'}
          error={zipHintShown ? undefined : errors.zip?.message}
          describedBy="profile-zip-hint profile-zip-error"
        >
          <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} {...register('zip')} />
        </FormField>
        <Button
          type="submit"
          disabled={save.isPending || !isDirty || !isValid}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {save.isPending ? a.saving : a.save}
        </Button>
      </form>
    </AccountCard>
  );
}

function PasswordCard() {
  const change = useUpdatePassword();
  const onSubmit = async (password: string) => {
    try {
      await change.mutateAsync(password);
      toast(a.passwordChanged);
    } catch (error) {
      toastFailure(a.passwordFailed, error);
      throw error;
    }
  };
  return (
    <AccountCard title={a.passwordTitle} description={a.passwordDescription}>
      <NewPasswordForm
        idPrefix="account"
        submitLabel={a.changePassword}
        busyLabel={a.changingPassword}
        onSubmit={onSubmit}
      />
    </AccountCard>
  );
}

function AccountCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
