// The confusable skeleton of a name (Unicode Technical Standard #39, section 4): two names with one skeleton
// look alike, so usernames, guild names and tags are unique by it ('Admin' and 'Аdmin' with a Cyrillic A
// cannot both exist). The skeleton is a key for comparing, never shown.
//
// The look-alike table is Unicode's own confusables.txt as the `unhomoglyph` package ships it (one function,
// no dependencies). TR39's skeleton is NFD, remove default-ignorable characters, map each character to its
// prototype, NFD again. Names here also ignore case, and the table is case-sensitive (a capital I maps to a
// small l, 0 to a capital O), so the mapping runs on the name as typed, the result is lower-cased and mapped
// once more (an 'M' lower-cased is an 'm', which maps to 'rn'), and lower-cased again. Since a capital I looks
// like a small l and is a small i when case is ignored, i and l are one letter in the skeleton: 'ADMIN',
// 'ADMlN' and 'admin' collide, and so, like TR39's own 'rn' and 'm', do 'Mail' and 'Mall'.
//
// Before the mapping the blank set goes (blank.ts: TR39's default-ignorable characters and the rest that draw
// nothing or a box), so 'Admin' with a Braille blank or a private-use character after it, stored before the
// names refused them, has the skeleton of 'Admin'.
import unhomoglyph from "unhomoglyph";
import { BLANK_CHARACTERS } from "./blank";

const SPACE_RUNS = /\s+/g;

const mapped = (text: string): string => unhomoglyph(text).normalize("NFD").toLowerCase().normalize("NFD");

/** The key two look-alike names share. Works on any stored name, checked or not (the start-up fill uses it). */
export function nameSkeleton(name: string): string {
  const text = name
    .normalize("NFKC")
    .replace(BLANK_CHARACTERS, "")
    .replace(SPACE_RUNS, " ")
    .trim()
    .normalize("NFD");
  return mapped(mapped(text)).replace(/i/g, "l");
}
