import { toasterClass, toastListClass, ToastView } from '@/components/ui/toast';
import { blogMessages } from '../messages';

/**
 * What Share answers before the app is up (src/pre-app/main.ts), as static markup the prerender writes into
 * dist/pre-app.html: the app's own toast, once for a copied link and once for a failed copy (the script keeps one).
 */
export function ShareToastShell() {
  return (
    <template id="pre-app-share">
      <section aria-label="Notifications" className={toasterClass} data-pre-app="">
        <ol className={toastListClass}>
          <ToastView
            item={{ id: 0, title: blogMessages.linkCopied, description: blogMessages.linkCopiedDescription }}
          />
          <ToastView
            item={{
              id: 1,
              title: blogMessages.copyFailed,
              description: blogMessages.copyFailedDescription,
              variant: 'destructive',
            }}
          />
        </ol>
      </section>
    </template>
  );
}
