// / : the public landing page. No navigation bar; every call to action leads to /auth.
import { ArrowDown, Rocket } from "lucide-react";
import { Brand } from "../../app/shell/Brand";
import { buttonClass } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { usePageTitle } from "../../ui/usePageTitle";
import { FeatureGrid } from "./FeatureGrid";
import { HeroMech } from "./HeroMech";
import { LiveCounters } from "./LiveCounters";

export default function LandingPage() {
  usePageTitle("Battle Robots Arena");

  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-24 bg-linear-to-b from-cyan/10 to-transparent motion-safe:animate-scan"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-6 sm:px-6">
          <Brand />
        </div>
        <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-8 pb-12 sm:px-6 lg:grid-cols-[1.1fr_0.9fr] lg:gap-6 lg:pt-10 lg:pb-16">
          <div className="motion-safe:animate-rise">
            <p className="inline-flex items-center gap-2 rounded-full border border-lime/40 bg-lime/10 px-3 py-1 font-display text-[0.65rem] font-bold uppercase tracking-[0.3em] text-lime">
              <span className="size-1.5 animate-glow-pulse rounded-full bg-lime" />
              Arena online
            </p>
            <h1
              id="hero-title"
              className="mt-5 font-display text-6xl leading-[0.95] font-black tracking-[0.08em] sm:text-7xl lg:text-8xl"
            >
              <span className="block text-ink drop-shadow-[0_0_18px_rgb(34_229_255/0.35)]">BOT</span>
              <span className="block bg-linear-to-r from-cyan via-[#7aa8ff] to-magenta bg-clip-text text-transparent drop-shadow-[0_0_24px_rgb(255_43_214/0.35)]">
                ARENA
              </span>
            </h1>
            <p className="mt-6 max-w-xl text-xl leading-relaxed text-muted sm:text-2xl">
              Build your battle robot, train it, gear it up and fight your way to the top of the arena.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/auth" size="lg" icon={<Rocket className="size-5" aria-hidden="true" />}>
                Initiate Launch
              </ButtonLink>
              <a href="#features" className={buttonClass("secondary", "lg")}>
                <ArrowDown className="size-5" aria-hidden="true" />
                System Info
              </a>
            </div>
            <div className="mt-10 max-w-xl">
              <LiveCounters />
            </div>
          </div>
          <div className="mx-auto w-full max-w-[18rem] motion-safe:animate-fade-in sm:max-w-sm lg:max-w-none">
            <HeroMech />
          </div>
        </div>
      </section>

      <FeatureGrid />

      <section aria-labelledby="deploy-title" className="px-4 pb-20">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-2xl border border-magenta/30 bg-linear-to-br from-violet/20 via-abyss to-cyan/15 px-6 py-12 text-center shadow-[0_0_60px_rgb(255_43_214/0.15)] sm:py-16">
          <div aria-hidden="true" className="absolute inset-0 bg-grid opacity-60" />
          <div className="relative">
            <h2 id="deploy-title" className="text-3xl font-black uppercase text-ink sm:text-4xl">
              Ready for combat?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg text-muted">
              Your first bot is free. Design it, allocate its stats and enter the arena in under a minute.
            </p>
            <ButtonLink
              to="/auth"
              size="lg"
              className="mt-8"
              icon={<Rocket className="size-5" aria-hidden="true" />}
            >
              Deploy Now
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
