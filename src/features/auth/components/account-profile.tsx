import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@supabase/supabase-js';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '../api/errors';
import { useUpdatePassword } from '../api/update-password';
import { useUpdateProfile } from '../api/update-profile';
import { profileOf } from '../lib/user-display';
import { authMessages } from '../messages';
import { NAME_MAX, profileSchema, ZIP_PATTERN, type ProfileInput } from '../schemas';
import { FieldError, FieldHint } from './field-hint';
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

function ProfileCard({ user }: { user: User }) {
  const profile = profileOf(user);
  const save = useUpdateProfile();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, zip: profile.zip },
  });
  const zip = useWatch({ control, name: 'zip' });
  const zipOk = ZIP_PATTERN.test(zip);

  const onValid = async (values: ProfileInput) => {
    try {
      await save.mutateAsync(values);
      reset(values);
    } catch {
      // useUpdateProfile toasted the service's message; the form keeps the user's edits.
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">{a.profileTitle}</h2>
        <CardDescription>{a.profileDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(onValid)} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor="profile-email">Email</Label>
            <Input id="profile-email" type="email" value={profile.email} readOnly disabled />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="profile-first-name">First Name</Label>
              <Input
                id="profile-first-name"
                autoComplete="given-name"
                maxLength={NAME_MAX}
                aria-invalid={!!errors.firstName}
                aria-describedby="profile-first-name-error"
                {...register('firstName')}
              />
              <FieldError id="profile-first-name-error" message={errors.firstName?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-last-name">Last Name</Label>
              <Input
                id="profile-last-name"
                autoComplete="family-name"
                maxLength={NAME_MAX}
                aria-invalid={!!errors.lastName}
                aria-describedby="profile-last-name-error"
                {...register('lastName')}
              />
              <FieldError id="profile-last-name-error" message={errors.lastName?.message} />
            </div>
          </div>
          <div className="grid gap-2 sm:max-w-[12rem]">
            <Label htmlFor="profile-zip">ZIP Code</Label>
            <Input
              id="profile-zip"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              aria-invalid={!!errors.zip || (zip !== '' && !zipOk)}
              aria-describedby="profile-zip-hint profile-zip-error"
              {...register('zip')}
            />
            {zip !== '' && (
              <FieldHint id="profile-zip-hint" tone={zipOk ? 'ok' : 'bad'}>
                {zipOk ? authMessages.hints.zipValid : authMessages.hints.zipInvalid}
              </FieldHint>
            )}
            <FieldError id="profile-zip-error" message={errors.zip?.message} />
          </div>
          <Button
            type="submit"
            disabled={save.isPending || !isDirty}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            {save.isPending ? a.saving : a.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  const change = useUpdatePassword();
  const onSubmit = async (password: string) => {
    try {
      await change.mutateAsync(password);
      toast(a.passwordChanged);
    } catch (error) {
      toast({
        title: a.passwordFailed.title,
        description: errorMessage(error, a.passwordFailed.fallback),
        variant: 'destructive',
      });
      throw error;
    }
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">{a.passwordTitle}</h2>
        <CardDescription>{a.passwordDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <NewPasswordForm
          idPrefix="account"
          submitLabel={a.changePassword}
          busyLabel={a.changingPassword}
          onSubmit={onSubmit}
        />
      </CardContent>
    </Card>
  );
}
