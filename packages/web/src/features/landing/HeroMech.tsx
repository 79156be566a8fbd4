// The hero's illustration: a neon battle mech inside rotating targeting rings. Pure SVG, no image file.
export function HeroMech() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-[30rem]">
      <div className="absolute inset-[8%] rounded-full bg-[radial-gradient(circle,rgb(34_229_255/0.25),transparent_65%)] blur-2xl" />
      <svg viewBox="0 0 400 400" className="absolute inset-0 size-full">
        <defs>
          <linearGradient id="mech-armor" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#1c2547" />
            <stop offset="1" stopColor="#0a0e1f" />
          </linearGradient>
          <linearGradient id="mech-rim" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#22e5ff" />
            <stop offset="1" stopColor="#ff2bd6" />
          </linearGradient>
          <filter id="mech-glow" x="-50%" y="-50%" width="200%" height="200%">
            <feGaussianBlur stdDeviation="4" result="blur" />
            <feMerge>
              <feMergeNode in="blur" />
              <feMergeNode in="SourceGraphic" />
            </feMerge>
          </filter>
        </defs>

        <g className="origin-center [transform-box:view-box] motion-safe:animate-[spin_40s_linear_infinite]">
          <circle
            cx="200"
            cy="200"
            r="186"
            fill="none"
            stroke="#22e5ff"
            strokeOpacity="0.35"
            strokeDasharray="4 10"
          />
          <path
            d="M200 14a186 186 0 0 1 161 93"
            fill="none"
            stroke="#22e5ff"
            strokeWidth="3"
            filter="url(#mech-glow)"
          />
          <path
            d="M200 386a186 186 0 0 1-161-93"
            fill="none"
            stroke="#ff2bd6"
            strokeWidth="3"
            filter="url(#mech-glow)"
          />
        </g>
        <g className="origin-center [transform-box:view-box] motion-safe:animate-[spin_26s_linear_infinite_reverse]">
          <circle
            cx="200"
            cy="200"
            r="160"
            fill="none"
            stroke="#8b5cf6"
            strokeOpacity="0.35"
            strokeDasharray="40 14 4 14"
          />
        </g>

        <g className="motion-safe:animate-float" filter="url(#mech-glow)">
          {/* shoulders and arms */}
          <path
            d="M112 170 84 180l-14 72 20 10 20-58Z"
            fill="url(#mech-armor)"
            stroke="#22e5ff"
            strokeWidth="2"
          />
          <path
            d="M288 170l28 10 14 72-20 10-20-58Z"
            fill="url(#mech-armor)"
            stroke="#22e5ff"
            strokeWidth="2"
          />
          <path d="M70 252l-6 34 18 8 8-32Z" fill="#ff2bd6" fillOpacity="0.8" />
          <path d="M330 252l6 34-18 8-8-32Z" fill="#ff2bd6" fillOpacity="0.8" />
          {/* torso */}
          <path
            d="M130 160h140l16 40-20 80H134l-20-80Z"
            fill="url(#mech-armor)"
            stroke="url(#mech-rim)"
            strokeWidth="3"
          />
          <path d="M176 196h48l8 24-8 24h-48l-8-24Z" fill="#0a0e1f" stroke="#22e5ff" strokeWidth="2" />
          <circle cx="200" cy="220" r="13" fill="#22e5ff" className="motion-safe:animate-glow-pulse" />
          <path d="M150 262h100M160 274h80" stroke="#22e5ff" strokeOpacity="0.5" strokeWidth="2" />
          {/* legs */}
          <path d="M148 284h40l-6 70h-30Z" fill="url(#mech-armor)" stroke="#22e5ff" strokeWidth="2" />
          <path d="M212 284h40l-4 70h-30Z" fill="url(#mech-armor)" stroke="#22e5ff" strokeWidth="2" />
          <path d="M146 354h42v10h-46ZM214 354h42l4 10h-46Z" fill="#ff2bd6" fillOpacity="0.85" />
          {/* head */}
          <path
            d="M164 92h72l14 22-10 40h-80l-10-40Z"
            fill="url(#mech-armor)"
            stroke="url(#mech-rim)"
            strokeWidth="3"
          />
          <path d="M168 118h64l-6 16h-52Z" fill="#ff2bd6" className="motion-safe:animate-glow-pulse" />
          <path d="M200 92V64M200 64l10-8" stroke="#22e5ff" strokeWidth="3" strokeLinecap="round" />
          <circle cx="210" cy="56" r="4" fill="#ff2bd6" />
        </g>

        {/* HUD ticks */}
        <g stroke="#22e5ff" strokeWidth="2" strokeOpacity="0.7" fill="none">
          <path d="M40 60V40h20M360 60V40h-20M40 340v20h20M360 340v20h-20" />
        </g>
      </svg>
    </div>
  );
}
