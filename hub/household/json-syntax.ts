/**
 * Where a JSON text breaks the grammar (RFC 8259, what `JSON.parse` takes), said without quoting
 * any of the text: a household file holds camera passwords, and V8's own `JSON.parse` messages
 * quote the text around the fault (`Unexpected token ']', ..."ret@cam/1"},]}" is not valid JSON`).
 */

/** The first fault of a JSON text: its offset (UTF-16 units), 1-based line and column, and what was expected there. */
export type JsonSyntaxFault = { offset: number; line: number; column: number; expected: string };

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX = /^[0-9A-Fa-f]$/;
const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/** Thrown inside the scanner at the first fault. */
class Fault {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {}
}

/** 1-based line and column of `offset` in `text` (lines end at `\n`; a column counts UTF-16 units). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * The first place `text` is not JSON, or null when it is. Iterative (any nesting depth, no
 * recursion); O(length). `expected` names only the grammar (`',' or '}' after a value`, `a
 * closing '"'`), never the text found.
 */
export function findJsonSyntaxFault(text: string): JsonSyntaxFault | null {
  try {
    scan(text);
    return null;
  } catch (error) {
    if (!(error instanceof Fault)) throw error;
    return { offset: error.offset, ...lineColumn(text, error.offset), expected: error.expected };
  }
}

function scan(text: string): void {
  const stack: ("object" | "array")[] = [];
  let i = 0;
  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++;
  };
  const expect = (char: string, expected: string) => {
    if (text[i] !== char) throw new Fault(i, expected);
    i++;
  };
  const string = (expected: string) => {
    if (text[i] !== '"') throw new Fault(i, expected);
    i++;
    for (;;) {
      if (i >= text.length) throw new Fault(i, "a closing '\"' of the string");
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return;
      }
      if (code < 0x20) throw new Fault(i, "no control character (a line break or tab) inside a string: escape it");
      if (code === 0x5c) {
        const escape = text[i + 1];
        if (escape === "u") {
          for (let k = 2; k < 6; k++)
            if (!HEX.test(text[i + k] ?? "")) throw new Fault(i + k, "4 hex digits after '\\u'");
          i += 6;
        } else if (escape !== undefined && ESCAPES.has(escape)) i += 2;
        else throw new Fault(i + 1, 'an escape: one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX');
      } else i++;
    }
  };
  const digits = (expected: string) => {
    if (!isDigit(text[i])) throw new Fault(i, expected);
    while (isDigit(text[i])) i++;
  };
  const number = () => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else digits("a digit");
    if (text[i] === ".") {
      i++;
      digits("a digit after '.'");
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      digits("a digit of the exponent");
    }
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) throw new Fault(i + k, `a value (${word})`);
    i += word.length;
  };
  const member = () => {
    skipWhitespace();
    string("a property name in double quotes");
    skipWhitespace();
    expect(":", "':' after a property name");
  };

  let wantValue = true;
  for (;;) {
    skipWhitespace();
    if (wantValue) {
      const char = text[i];
      if (char === "{") {
        i++;
        skipWhitespace();
        if (text[i] === "}") {
          i++;
          wantValue = false;
        } else {
          stack.push("object");
          member();
        }
      } else if (char === "[") {
        i++;
        skipWhitespace();
        if (text[i] === "]") {
          i++;
          wantValue = false;
        } else stack.push("array");
      } else if (char === '"') {
        string("a value");
        wantValue = false;
      } else if (char === "-" || isDigit(char)) {
        number();
        wantValue = false;
      } else if (char === "t") {
        literal("true");
        wantValue = false;
      } else if (char === "f") {
        literal("false");
        wantValue = false;
      } else if (char === "n") {
        literal("null");
        wantValue = false;
      } else if (char === "\ufeff" && i === 0)
        throw new Fault(i, "a value (the file starts with a byte order mark: save it as UTF-8 without one)");
      else throw new Fault(i, "a value");
      continue;
    }
    const open = stack.at(-1);
    if (open === undefined) {
      if (i < text.length) throw new Fault(i, "the end of the text after the value");
      return;
    }
    const close = open === "object" ? "}" : "]";
    if (text[i] === ",") {
      i++;
      if (open === "object") member();
      wantValue = true;
    } else if (text[i] === close) {
      i++;
      stack.pop();
    } else throw new Fault(i, `',' or '${close}' after a value`);
  }
}
