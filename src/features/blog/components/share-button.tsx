import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { blogMessages } from '../messages';

/**
 * SPEC §2 Share: the native share sheet where the browser has one, otherwise the page address goes to the
 * clipboard and a toast says so.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // Closing the sheet is a choice, not a failure; any other error falls through to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: blogMessages.linkCopied, description: blogMessages.linkCopiedDescription });
    } catch {
      toast({
        title: blogMessages.copyFailed,
        description: blogMessages.copyFailedDescription,
        variant: 'destructive',
      });
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={() => void share()}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {blogMessages.share}
    </Button>
  );
}
