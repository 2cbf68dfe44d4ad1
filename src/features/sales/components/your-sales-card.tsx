import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** On /account: the way to "Your sales" and to the import. */
export function YourSalesCard({ salesHref, importHref }: { salesHref: string; importHref: string }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">Your sales</h2>
        <CardDescription>
          Import the sales you downloaded from eBay, Poshmark, Depop, Mercari or your crosslister, and see
          your own profit, sell-through, days to sell and sale prices. Private to you.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Link to={salesHref} className={buttonVariants()}>
          See your sales
        </Link>
        <Link to={importHref} className={buttonVariants({ variant: 'outline' })}>
          Import sales
        </Link>
      </CardContent>
    </Card>
  );
}
