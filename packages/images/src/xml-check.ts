// A tiny XML reader for the generator's tests: checks well-formedness (balanced tags, quoted attributes,
// no raw "<" or stray "&", no duplicate attributes, one root) and lists the elements with their attributes.
const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/i;

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
}

function checkText(text: string, where: string): void {
  if (text.includes("<")) throw new Error(`raw < in ${where}`);
  for (let i = text.indexOf("&"); i >= 0; i = text.indexOf("&", i + 1)) {
    if (!ENTITY.test(text.slice(i))) throw new Error(`stray & in ${where}`);
  }
}

/** Every element of a well-formed document, in order; throws with a reason otherwise. */
export function readElements(xml: string): XmlElement[] {
  const elements: XmlElement[] = [];
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const open = xml.indexOf("<", i);
    const text = open < 0 ? xml.slice(i) : xml.slice(i, open);
    checkText(text, "text");
    if (text.trim() && stack.length === 0) throw new Error("text outside the root element");
    if (open < 0) break;
    const match = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>/.exec(xml.slice(open));
    if (!match) throw new Error(`malformed tag at ${open}: ${xml.slice(open, open + 60)}`);
    const [whole, closing, name = "", attrText = "", selfClosing] = match;
    if (closing) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}> at ${open}`);
    } else {
      const attrs: Record<string, string> = {};
      for (const [, attr = "", value = ""] of attrText.matchAll(/([\w:.-]+)="([^"]*)"/g)) {
        if (attr in attrs) throw new Error(`duplicate attribute ${attr} on <${name}>`);
        checkText(value, `attribute ${attr}`);
        attrs[attr] = value;
      }
      elements.push({ name, attrs });
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name);
    }
    i = open + whole.length;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join("> <")}>`);
  if (roots !== 1) throw new Error(`expected one root element, found ${roots}`);
  return elements;
}
