import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { cn } from '@/lib/utils';
import { searchMessages as m } from '../messages';
import {
  conditionLabels,
  conditions,
  searchFormSchema,
  type SearchFormInput,
  type SearchFormValues,
} from '../schemas';
import { AppleIcon, SearchIcon } from './icons';

export type SearchFormProps = {
  defaultValues?: Partial<SearchFormInput>;
  busy?: boolean;
  onSubmit: (values: SearchFormValues) => void | Promise<void>;
  /** Submits once on mount when the defaults are valid (a saved search's "Run again" link). */
  submitOnMount?: boolean;
  /**
   * A search asked for before the visitor logged in: submitted once when it arrives, only if the form still holds
   * those values and is valid. onResubmitDone is called either way, so the caller can clear it.
   */
  resubmit?: SearchFormValues | null;
  onResubmitDone?: () => void;
  /**
   * The search the address holds after Back, Forward or a link within the page (decision 058): the form shows it. A
   * new object each time it changes; between changes the form keeps whatever the user types.
   */
  shown?: SearchFormInput | null;
};

/** SPEC §2 left panel 'Search Items' with SPEC §5 validation: the button is enabled only when the form is valid. */
export function SearchForm({
  defaultValues,
  busy = false,
  onSubmit,
  submitOnMount = false,
  resubmit = null,
  onResubmitDone,
  shown = null,
}: SearchFormProps) {
  const ids = useId();
  const form = useForm<SearchFormInput, unknown, SearchFormValues>({
    resolver: zodResolver(searchFormSchema),
    mode: 'onChange',
    defaultValues: { itemName: defaultValues?.itemName ?? '', condition: defaultValues?.condition ?? '' },
  });
  const { register, handleSubmit, formState } = form;
  const { errors, isValid } = formState;

  useEffect(() => {
    if (!submitOnMount) return;
    void form.trigger().then((valid) => {
      if (valid) void handleSubmit(onSubmit)();
    });
    // Only on the mount that was asked to submit; later renders must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitOnMount]);

  useEffect(() => {
    if (!resubmit) return;
    // Parsed here rather than through trigger(): a form the visitor has since emptied must not light up with errors
    // just because they logged in.
    const current = searchFormSchema.safeParse(form.getValues());
    if (
      current.success &&
      current.data.itemName === resubmit.itemName.trim() &&
      current.data.condition === resubmit.condition
    ) {
      void handleSubmit(onSubmit)();
    }
    onResubmitDone?.();
    // Once per pending search: the caller clears it in onResubmitDone, so it never comes round again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resubmit]);

  useEffect(() => {
    if (shown) form.reset(shown);
    // Only when the address hands over another search; form is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  const field = (name: 'itemName' | 'condition'): FieldIds => ({
    id: `${ids}-${name}`,
    help: `${ids}-${name}-help`,
    error: `${ids}-${name}-error`,
  });
  const item = field('itemName');
  const conditionField = register('condition');
  const condition = field('condition');

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">{m.panelTitle}</h2>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label={m.panelTitle}>
          <RequiredField ids={item} label={m.itemNameLabel} help={m.itemNameHelp} error={errors.itemName}>
            <Input
              {...controlProps(item, errors.itemName)}
              autoComplete="off"
              enterKeyHint="search"
              placeholder={m.itemNamePlaceholder}
              {...register('itemName')}
            />
          </RequiredField>

          <RequiredField
            ids={condition}
            label={m.conditionLabel}
            help={m.conditionHelp}
            error={errors.condition}
          >
            <Select
              {...controlProps(condition, errors.condition)}
              {...conditionField}
              onBlur={(event) => {
                void conditionField.onBlur(event);
                // mode onChange alone never explains a select left empty; leaving it does.
                void form.trigger('condition');
              }}
            >
              <option value="">{m.conditionPlaceholder}</option>
              {conditions.map((value) => (
                <option key={value} value={value}>
                  {conditionLabels[value]}
                </option>
              ))}
            </Select>
          </RequiredField>

          <Button type="submit" className="w-full" disabled={!isValid || busy} aria-busy={busy || undefined}>
            <SearchIcon />
            {busy ? m.searchingButton : m.searchButton}
          </Button>
        </form>

        <div className="mt-6 space-y-3 border-t pt-6">
          <a
            href={site.appStoreUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}
          >
            <AppleIcon />
            {m.downloadApp}
            <span className="sr-only"> (opens the App Store in a new tab)</span>
          </a>
          <p className="text-center text-sm">
            <Link
              to={paths.contact}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              {m.getHelp}
            </Link>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

type FieldIds = { id: string; help: string; error: string };

/** The control's wiring to its label, help and error: the error is only described while it is shown. */
const controlProps = (ids: FieldIds, error: FieldError | undefined) => ({
  id: ids.id,
  'aria-required': true,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': cn(ids.help, error && ids.error),
});

/** A required field of the search form: its label with the star, the control, the help line and the error. */
function RequiredField({
  ids,
  label,
  help,
  error,
  children,
}: {
  ids: FieldIds;
  label: string;
  help: string;
  error: FieldError | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={ids.id}>
        {label}{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </Label>
      {children}
      <p id={ids.help} className="text-xs text-muted-foreground">
        {help}
      </p>
      {error && (
        <p id={ids.error} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}
