// A tiny chiptune synthesizer for the starter soundtrack: pulse lead and arpeggio, triangle bass and noise
// drums, rendered to an 8-bit mono WAV. Deterministic: the same song always gives the same bytes (and URL).

export const SAMPLE_RATE = 22_050;

export type Chord = { root: number; minor: boolean };

export type Song = {
  title: string;
  bpm: number;
  /** MIDI note of the key's tonic (the lead sits around it). */
  tonic: number;
  /** Semitone offsets of the scale the lead walks on. */
  scale: readonly number[];
  /** One chord per bar, cycled. Roots are semitones above the tonic. */
  progression: readonly Chord[];
  bars: number;
  /** Drum bars of 16 steps: k kick, s snare, h hat, - rest. The last one is the fill closing each 4 bars. */
  drums: readonly [groove: string, fill: string];
  leadDuty: number;
  seed: number;
};

/** mulberry32: a small seeded PRNG, so the melody is composed the same way on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
const chordTones = (song: Song, chord: Chord) =>
  [0, chord.minor ? 3 : 4, 7].map((i) => song.tonic + chord.root + i);

type Note = { start: number; steps: number; midi: number };

/** A two-bar phrase: chord tones on the beats, scale steps between, some rests and held notes. */
function composePhrase(song: Song, firstBar: number, random: () => number): Note[] {
  const scaleNotes = [-12, 0, 12].flatMap((octave) => song.scale.map((s) => song.tonic + octave + s));
  let position = scaleNotes.indexOf(song.tonic + 12) - 3;
  const notes: Note[] = [];
  for (let step = 0; step < 32; ) {
    const chord = song.progression[(firstBar + Math.floor(step / 16)) % song.progression.length]!;
    const onBeat = step % 4 === 0;
    const length = onBeat && random() < 0.35 ? 4 : random() < 0.6 ? 2 : 1;
    if (!onBeat && random() < 0.2) {
      step += length; // a breath
      continue;
    }
    position = Math.max(3, Math.min(scaleNotes.length - 3, position + Math.floor(random() * 5) - 2));
    let midi = scaleNotes[position]!;
    if (onBeat) {
      const tones = chordTones(song, chord).flatMap((t) => [t, t + 12, t + 24]);
      midi = tones.reduce((best, t) => (Math.abs(t - midi) < Math.abs(best - midi) ? t : best));
    }
    notes.push({ start: step, steps: Math.min(length, 32 - step), midi });
    step += length;
  }
  return notes;
}

/** Lead notes for the whole song: phrases A A B A, so the tune is something you can hum. */
function composeLead(song: Song): Note[] {
  const random = prng(song.seed);
  const phraseA = composePhrase(song, 0, random);
  const phraseB = composePhrase(song, 2, random);
  const notes: Note[] = [];
  for (let pair = 0; pair < song.bars / 2; pair++) {
    const phrase = pair % 4 === 2 ? phraseB : phraseA;
    for (const note of phrase) notes.push({ ...note, start: note.start + pair * 32 });
  }
  return notes;
}

const pulse = (phase: number, duty: number) => (phase % 1 < duty ? 1 : -1);
const triangle = (phase: number) => 4 * Math.abs((phase % 1) - 0.5) - 1;

/** Adds one note to the mix: a short attack, a decay to sustain and a click-free release. */
function addTone(
  mix: Float32Array,
  from: number,
  length: number,
  frequency: number,
  volume: number,
  wave: (phase: number) => number,
) {
  const release = Math.min(length, Math.floor(SAMPLE_RATE * 0.01));
  for (let i = 0; i < length && from + i < mix.length; i++) {
    const envelope = Math.min(1, i / 40) * (1 - 0.5 * (i / length)) * Math.min(1, (length - i) / release);
    mix[from + i]! += volume * envelope * wave((i * frequency) / SAMPLE_RATE);
  }
}

function addDrum(mix: Float32Array, from: number, kind: string, noise: () => number) {
  if (kind === "k") {
    const length = Math.floor(SAMPLE_RATE * 0.12);
    let phase = 0;
    for (let i = 0; i < length && from + i < mix.length; i++) {
      const t = i / length;
      phase += (40 + 110 * (1 - t) ** 3) / SAMPLE_RATE;
      mix[from + i]! += 0.55 * (1 - t) * triangle(phase);
    }
  } else if (kind === "s" || kind === "h") {
    const length = Math.floor(SAMPLE_RATE * (kind === "s" ? 0.14 : 0.03));
    const volume = kind === "s" ? 0.35 : 0.12;
    for (let i = 0; i < length && from + i < mix.length; i++) {
      mix[from + i]! += volume * (1 - i / length) ** 2 * noise();
    }
  }
}

/** The NES's noise channel: a 15-bit linear-feedback shift register. */
function lfsr() {
  let register = 1;
  return () => {
    const bit = (register ^ (register >> 1)) & 1;
    register = (register >> 1) | (bit << 14);
    return register & 1 ? 1 : -1;
  };
}

export function renderSong(song: Song): Float32Array {
  const stepSamples = Math.round((SAMPLE_RATE * 60) / song.bpm / 4);
  const mix = new Float32Array(stepSamples * 16 * song.bars);
  const noise = lfsr();

  for (let bar = 0; bar < song.bars; bar++) {
    const chord = song.progression[bar % song.progression.length]!;
    const tones = chordTones(song, chord);
    const barStart = bar * 16 * stepSamples;
    // Bass: root on the beat, octave on the off-beat, an eighth-note drive.
    for (let step = 0; step < 16; step += 2) {
      const midi = tones[0]! - 24 + (step % 4 === 2 ? 12 : 0);
      addTone(mix, barStart + step * stepSamples, stepSamples * 2, hz(midi), 0.3, triangle);
    }
    // Arpeggio: the chord rippling on every sixteenth, quiet and thin.
    for (let step = 0; step < 16; step++) {
      const midi = tones[step % 3]! + 12;
      addTone(mix, barStart + step * stepSamples, stepSamples, hz(midi), 0.07, (p) => pulse(p, 0.125));
    }
    const pattern = bar % 4 === 3 ? song.drums[1] : song.drums[0];
    for (let step = 0; step < 16; step++) {
      addDrum(mix, barStart + step * stepSamples, pattern[step] ?? "-", noise);
    }
  }
  for (const note of composeLead(song)) {
    addTone(mix, note.start * stepSamples, note.steps * stepSamples, hz(note.midi), 0.2, (p) =>
      pulse(p, song.leadDuty),
    );
  }
  return mix;
}

/** 8-bit unsigned mono PCM in a RIFF/WAVE container, softly limited so loud moments do not clip harshly. */
export function encodeWav8(samples: Float32Array): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples.length, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE, true); // byte rate: 1 byte per sample
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples.length, true);
  for (let i = 0; i < samples.length; i++) {
    bytes[44 + i] = Math.round(128 + 127 * Math.tanh(1.2 * samples[i]!));
  }
  return bytes;
}
