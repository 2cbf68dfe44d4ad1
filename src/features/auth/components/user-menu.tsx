import type { User } from '@supabase/supabase-js';
import { Link } from 'react-router-dom';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useAuth } from '../lib/auth-context';
import { displayName, getInitials, profileOf } from '../lib/user-display';
import { authMessages } from '../messages';
import { Avatar } from './avatar';

const m = authMessages.menu;

/** The signed-in user's avatar and its menu (SPEC §2). Its own chunk: visitors never download the dropdown. */
export default function UserMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const profile = profileOf(user);
  const initials = getInitials(profile);
  return (
    // Not modal: a modal menu hides the page from assistive tech with aria-hidden while its links stay focusable
    // (axe: aria-hidden-focus). Focus still moves into the menu, and Escape or a click outside closes it.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={m.trigger(initials)}
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <Avatar initials={initials} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <p className="font-semibold">{m.welcome(displayName(profile))}</p>
          <p className="truncate text-xs text-muted-foreground">{profile.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.search}>{m.searchTool}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.account}>{m.account}</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>{m.logout}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
