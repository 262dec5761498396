import { type Brand, hexChannels } from "@portal/domain";
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { CoveredPerson, MembershipDocumentData } from "./membership-document-data.js";

// The membership card and certificate as PDFs (pdf-lib). Only the standard Helvetica fonts are
// used, so nothing is read from disk; they encode WinAnsi only, so every text passes pdfText first.
// The card's band and the certificate's rule and heading are in the brand's primary colour
// (BRAND_FILE), which carries white text at 4.5:1 or more.

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.35, 0.38, 0.42);
const WHITE = rgb(1, 1, 1);
/** ISO/IEC 7810 ID-1, the size of a bank card: 85.60 × 53.98 mm, in points. */
const CARD_SIZE: [number, number] = [242.65, 153.01];
/** People listed on the back of the card; the certificate lists everyone. */
const CARD_PEOPLE = 6;

const RELATIONSHIP_LABELS: Record<CoveredPerson["relationship"], string> = {
  PRINCIPAL: "Principal member",
  SPOUSE: "Spouse",
  CHILD: "Child",
  ADULT_DEPENDANT: "Adult dependant",
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

const MAX_TEXT_LENGTH = 300;
const characterSets = new WeakMap<PDFFont, Set<number>>();
function characterSetOf(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/**
 * Text the font can draw: accents are dropped (é → e) and anything else it cannot encode becomes
 * "?", rather than the whole document failing for one name.
 */
export function pdfText(text: string, font: PDFFont): string {
  const supported = characterSetOf(font);
  // Longer than any line the documents hold: the rest would be cut anyway.
  const plain = text.slice(0, MAX_TEXT_LENGTH).normalize("NFKD").replace(/\p{M}/gu, "");
  return Array.from(plain, (character) =>
    supported.has(character.codePointAt(0) ?? 0) ? character : "?",
  ).join("");
}

/** The text, shortened with "…" until it fits the width. */
function fitted(text: string, font: PDFFont, size: number, maxWidth: number): string {
  const whole = pdfText(text, font);
  if (font.widthOfTextAtSize(whole, size) <= maxWidth) return whole;
  // The longest prefix that fits with the ellipsis, found by halving rather than one by one.
  let fits = 0;
  let tooLong = whole.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (font.widthOfTextAtSize(`${whole.slice(0, middle)}…`, size) <= maxWidth) fits = middle;
    else tooLong = middle;
  }
  return `${whole.slice(0, Math.max(fits, 1)).trimEnd()}…`;
}

function draw(
  page: PDFPage,
  text: string,
  options: { x: number; y: number; size: number; font: PDFFont; maxWidth: number; color?: typeof INK },
) {
  const { x, y, size, font, maxWidth, color = INK } = options;
  page.drawText(fitted(text, font, size, maxWidth), { x, y, size, font, color });
}

async function newDocument(title: string, data: MembershipDocumentData) {
  const document = await PDFDocument.create();
  document.setTitle(`${title} – ${data.schemeName}`);
  document.setAuthor(data.schemeName);
  document.setCreator("Member self-service portal");
  document.setProducer("Member self-service portal");
  // Not the member's name: the document properties travel with the file into mail and indexes.
  document.setSubject(title);
  const fonts: Fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  return { document, fonts };
}

/** What of the brand the documents show. */
export type PdfBrand = Pick<Brand, "colours">;

function brandColour(brand: PdfBrand) {
  const [red, green, blue] = hexChannels(brand.colours.primary);
  return rgb(red / 255, green / 255, blue / 255);
}

/** Front: scheme, plan, member, membership and policy numbers. Back: the people on the policy. */
export async function renderMembershipCard(
  data: MembershipDocumentData,
  brand: PdfBrand,
): Promise<Uint8Array> {
  const { document, fonts } = await newDocument("Membership card", data);
  const BRAND = brandColour(brand);
  const [width, height] = CARD_SIZE;
  const margin = 12;
  const inner = width - 2 * margin;

  const front = document.addPage(CARD_SIZE);
  front.drawRectangle({ x: 0, y: height - 38, width, height: 38, color: BRAND });
  draw(front, data.schemeName, {
    x: margin,
    y: height - 24,
    size: 12,
    font: fonts.bold,
    maxWidth: inner,
    color: WHITE,
  });
  draw(front, `${data.planName} plan`, {
    x: margin,
    y: height - 56,
    size: 10,
    font: fonts.bold,
    maxWidth: inner,
  });
  draw(front, data.memberName, { x: margin, y: height - 78, size: 11, font: fonts.bold, maxWidth: inner });
  const lines = [
    `Membership number: ${data.membershipNumber ?? "not yet assigned"}`,
    `Policy: ${data.policyIdentifier}`,
    `Member since: ${data.memberSince}`,
  ];
  lines.forEach((line, index) => {
    draw(front, line, {
      x: margin,
      y: height - 96 - index * 13,
      size: 8.5,
      font: fonts.regular,
      maxWidth: inner,
    });
  });
  draw(front, `Issued ${data.issuedOn}`, {
    x: margin,
    y: 10,
    size: 6.5,
    font: fonts.regular,
    maxWidth: inner,
    color: MUTED,
  });

  const back = document.addPage(CARD_SIZE);
  draw(back, "Covered on this policy", {
    x: margin,
    y: height - 22,
    size: 9,
    font: fonts.bold,
    maxWidth: inner,
  });
  const shown = data.coveredPeople.slice(0, CARD_PEOPLE);
  shown.forEach((person, index) => {
    const y = height - 40 - index * 15;
    draw(back, person.dependentCode, { x: margin, y, size: 8, font: fonts.bold, maxWidth: 18 });
    draw(back, `${person.name} (${RELATIONSHIP_LABELS[person.relationship]})`, {
      x: margin + 20,
      y,
      size: 8,
      font: fonts.regular,
      maxWidth: inner - 20,
    });
  });
  const hidden = data.coveredPeople.length - shown.length;
  if (hidden > 0) {
    const more = `and ${hidden} more: see your membership certificate`;
    draw(back, more, {
      x: margin,
      y: height - 40 - shown.length * 15,
      size: 7,
      font: fonts.regular,
      maxWidth: inner,
      color: MUTED,
    });
  }
  return document.save();
}

/** An A4 letter that certifies the membership and lists everyone covered, over as many pages as needed. */
export async function renderMembershipCertificate(
  data: MembershipDocumentData,
  brand: PdfBrand,
): Promise<Uint8Array> {
  const { document, fonts } = await newDocument("Certificate of membership", data);
  const BRAND = brandColour(brand);
  const [width, height] = PageSizes.A4;
  const margin = 56;
  const inner = width - 2 * margin;
  let page = document.addPage(PageSizes.A4);
  let y = height - margin;

  const write = (text: string, size: number, font: PDFFont, gap: number, color = INK) => {
    draw(page, text, { x: margin, y, size, font, maxWidth: inner, color });
    y -= gap;
  };
  page.drawRectangle({ x: 0, y: height - 8, width, height: 8, color: BRAND });
  write(data.schemeName, 12, fonts.bold, 40, BRAND);
  write("Certificate of membership", 22, fonts.bold, 36);
  write(`This is to certify that ${data.memberName}`, 11, fonts.regular, 16);
  write(`is a member of ${data.schemeName} on the ${data.planName} plan,`, 11, fonts.regular, 16);
  write(`policy ${data.policyIdentifier}, since ${data.memberSince}.`, 11, fonts.regular, 16);
  write(`Membership number: ${data.membershipNumber ?? "not yet assigned"}`, 11, fonts.regular, 36);
  write("People covered on this policy", 13, fonts.bold, 22);

  const columns = [
    { label: "Code", x: margin, width: 40 },
    { label: "Name", x: margin + 44, width: 200 },
    { label: "Relationship", x: margin + 250, width: 110 },
    { label: "Date of birth", x: margin + 366, width: inner - 366 },
  ];
  const header = () => {
    for (const column of columns) {
      draw(page, column.label, { x: column.x, y, size: 10, font: fonts.bold, maxWidth: column.width });
    }
    y -= 18;
  };
  header();
  for (const person of data.coveredPeople) {
    if (y < margin + 40) {
      page = document.addPage(PageSizes.A4);
      y = height - margin;
      header();
    }
    const cells = [
      person.dependentCode,
      person.name,
      RELATIONSHIP_LABELS[person.relationship],
      person.dateOfBirth ?? "–",
    ];
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (column) draw(page, cell, { x: column.x, y, size: 10, font: fonts.regular, maxWidth: column.width });
    });
    y -= 16;
  }
  y -= 24;
  if (y < margin) {
    page = document.addPage(PageSizes.A4);
    y = height - margin;
  }
  write(
    `Issued on ${data.issuedOn}. This certificate was made by the member self-service portal.`,
    9,
    fonts.regular,
    12,
    MUTED,
  );
  return document.save();
}
