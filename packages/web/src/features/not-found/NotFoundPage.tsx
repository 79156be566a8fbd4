// Any path the route table does not know.
import { Home } from "lucide-react";
import { ButtonLink } from "../../ui/ButtonLink";
import { usePageTitle } from "../../ui/usePageTitle";

export default function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <section className="grid min-h-[70vh] place-items-center px-4 py-16">
      <div className="text-center">
        <p
          aria-hidden="true"
          className="font-display text-[7rem] font-black leading-none tracking-widest text-transparent sm:text-[10rem] bg-linear-to-b from-cyan to-magenta bg-clip-text drop-shadow-[0_0_30px_rgb(34_229_255/0.35)]"
        >
          404
        </p>
        <h1 className="mt-4 font-display text-2xl font-bold tracking-wider text-ink sm:text-3xl">
          Oops! Page not found
        </h1>
        <p className="mt-3 text-muted">Signal lost. This sector of the arena does not exist.</p>
        <ButtonLink to="/" size="lg" className="mt-8" icon={<Home className="size-4" aria-hidden="true" />}>
          Return to Home
        </ButtonLink>
      </div>
    </section>
  );
}
