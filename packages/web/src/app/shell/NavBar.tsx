// The in-shell top bar: brand, the alerts' bell, balance, logout, and a collapsible row of icon links.
import { ChevronUp, Menu } from "lucide-react";
import { useId, useState } from "react";
import { NavLink } from "react-router";
import { cn } from "../../ui/cn";
import { useMe } from "../session";
import { AlertsBell } from "./AlertsBell";
import { Brand } from "./Brand";
import { CreditsButton } from "./CreditsButton";
import { LogoutButton } from "./LogoutButton";
import { adminLink, type NavLinkSpec, navLinks } from "./navLinks";

// Wide screens start with the links shown; phones start collapsed so the page is not pushed off screen.
function initiallyExpanded() {
  return typeof window === "undefined" || window.matchMedia("(min-width: 768px)").matches;
}

export function NavBar() {
  const isAdmin = useMe().data?.isAdmin ?? false;
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const linksId = useId();
  const links = isAdmin ? [...navLinks, adminLink] : navLinks;

  const collapseOnPhone = () => {
    if (!window.matchMedia("(min-width: 768px)").matches) setExpanded(false);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-cyan/20 bg-void/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Brand to="/dashboard" compact />
        <div className="ml-auto flex items-center gap-2">
          <AlertsBell />
          <CreditsButton />
          <LogoutButton />
          <button
            type="button"
            aria-label="Toggle navigation"
            aria-expanded={expanded}
            aria-controls={linksId}
            onClick={() => setExpanded((open) => !open)}
            className="grid size-10 cursor-pointer place-items-center rounded-md border border-cyan/30 text-cyan transition hover:border-cyan hover:bg-cyan/10"
          >
            {expanded ? (
              <ChevronUp className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      <nav id={linksId} aria-label="Main" hidden={!expanded} className="border-t border-cyan/10">
        {/* One row from 1024 px, the links sharing it (all 16 with the admin's fit), two even rows of 8 below:
            a wrap that left the Admin link alone on a second row read as another kind of link. */}
        <ul className="mx-auto grid max-w-7xl grid-cols-4 gap-1 px-2 py-2 sm:grid-cols-5 md:grid-cols-8 lg:flex">
          {links.map((link) => (
            <li key={link.to} className="lg:flex-auto">
              <NavItem link={link} onNavigate={collapseOnPhone} />
            </li>
          ))}
        </ul>
      </nav>
      <div aria-hidden="true" className="h-px bg-linear-to-r from-transparent via-cyan/70 to-transparent" />
    </header>
  );
}

function NavItem({ link, onNavigate }: { link: NavLinkSpec; onNavigate: () => void }) {
  const Icon = link.icon;
  return (
    <NavLink
      to={link.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          "group flex flex-col items-center gap-1 rounded-md px-2 py-2 text-center transition lg:px-1.5",
          isActive
            ? "bg-cyan/12 text-cyan shadow-[inset_0_-2px_0_var(--color-cyan),0_0_18px_rgb(34_229_255/0.18)]"
            : "text-muted hover:bg-cyan/5 hover:text-ink",
        )
      }
    >
      <Icon
        className="size-5 transition group-hover:drop-shadow-[0_0_6px_rgb(34_229_255/0.9)]"
        aria-hidden="true"
      />
      <span className="text-[0.7rem] font-bold uppercase leading-none tracking-wider">{link.label}</span>
    </NavLink>
  );
}
