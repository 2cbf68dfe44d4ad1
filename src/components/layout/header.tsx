import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from '@/components/layout/logo';
import { mainNav, searchToolNav } from '@/components/layout/nav-items';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { CloseIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';

type HeaderProps = {
  accountSlot?: ReactNode;
  mobileAccountSlot?: ReactNode;
  /**
   * The menu closes whenever this changes (the signed-in user's id): logging in or out from the mobile menu is done
   * with it, and an open menu would otherwise stay over the page the person came to use.
   */
  menuResetKey?: string;
};

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-secondary hover:text-secondary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'text-primary' : 'text-foreground/80',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-3 text-base font-medium transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'bg-secondary text-primary' : 'text-foreground',
  );

const searchToolClass =
  'inline-flex items-center gap-2 rounded-full bg-gradient-to-r from-orange-500 to-amber-500 px-4 py-2 text-sm font-semibold text-white shadow-sm shadow-orange-500/30 transition hover:brightness-105 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';

export function Header({ accountSlot, mobileAccountSlot, menuResetKey = '' }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // A navigation that did not come from a menu link (back button, a link in the page) also closes the menu.
  const [last, setLast] = useState({ pathname, menuResetKey });
  if (last.pathname !== pathname || last.menuResetKey !== menuResetKey) {
    setLast({ pathname, menuResetKey });
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // An Escape a dialog opened from the menu has already handled (Radix prevents its default) closes only the
      // dialog: focus goes back to the menu button that opened it, so the menu must still be there.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const panel = document.getElementById(menuId);
      if (panel?.contains(document.activeElement)) toggleRef.current?.focus();
      setOpen(false);
    };
    // A tap on the page below closes the menu too: left open, the ~440 px sticky panel would cover whatever the page
    // does next (the Explorer scrolling its results into view). Not while a dialog (opened from the menu) is up.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target || headerRef.current?.contains(target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, menuId]);

  // Any link in the panel (ours or one inside the account slot) closes the menu; buttons in the slot do not,
  // since they may open a dialog or dropdown anchored to themselves.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a')) setOpen(false);
  };

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70"
    >
      <div className="container flex h-16 items-center gap-3">
        <Link
          to={paths.home}
          className="mr-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Flipwise"
        >
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainNav.map((item) => (
            <NavLink key={item.to} to={item.to} end className={desktopLink}>
              {item.label}
            </NavLink>
          ))}
          <NavLink to={searchToolNav.to} className={cn(searchToolClass, 'ml-2')}>
            <SearchIcon strokeWidth="2.2" strokeLinecap="round" />
            {searchToolNav.label}
          </NavLink>
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">{accountSlot}</div>
        <button
          ref={toggleRef}
          type="button"
          className="ml-auto inline-flex h-10 w-10 items-center justify-center rounded-md text-foreground transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <CloseIcon size={22} strokeLinecap="round" />
          ) : (
            <MenuIcon size={22} strokeLinecap="round" />
          )}
        </button>
      </div>
      <NavigationProgress />
      {/* Kept mounted while closed so that state inside the account slot (an open dialog) survives closing. */}
      <div id={menuId} hidden={!open} className="border-t bg-background md:hidden" onClick={closeOnLink}>
        <nav aria-label="Mobile" className="container flex flex-col gap-1 py-3">
          {mainNav.map((item) => (
            <NavLink key={item.to} to={item.to} end className={mobileLink}>
              {item.label}
            </NavLink>
          ))}
          <NavLink
            to={searchToolNav.to}
            className={cn(searchToolClass, 'mt-2 justify-center py-3 text-base')}
          >
            <SearchIcon strokeWidth="2.2" strokeLinecap="round" />
            {searchToolNav.label}
          </NavLink>
          {mobileAccountSlot ? <div className="mt-3 border-t pt-3">{mobileAccountSlot}</div> : null}
        </nav>
      </div>
    </header>
  );
}
