import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { blogMessages } from '../messages';
import { ShareIcon } from '@/components/ui/icons';

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
    // data-share: a tap before the app is up is answered by src/pre-app/main.ts, which shares the same title (the
    // page's h1) and text (its meta description).
    <Button variant="outline" size="sm" onClick={() => void share()} data-share="">
      <ShareIcon />
      {blogMessages.share}
    </Button>
  );
}
