package io.apmreports.report.pdf;

import java.awt.Color;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDBorderStyleDictionary;

/**
 * A PDF written top to bottom on A4 pages: lines of text at a cursor that moves down, a
 * new page when the next block does not fit, pictures scaled to the text's width, and
 * "Page n of m" at the foot of every page once all are there. The font is Liberation
 * Sans, embedded, so that any application name prints; a character it lacks prints as
 * "?".
 */
final class PdfCanvas implements AutoCloseable {

	static final float MARGIN = 40;

	static final float WIDTH = PDRectangle.A4.getWidth() - 2 * MARGIN;

	static final Color TEXT = new Color(0x1F, 0x29, 0x33);

	static final Color GREY = new Color(0x6B, 0x72, 0x80);

	static final Color GREEN = new Color(0x1A, 0x7F, 0x37);

	static final Color RED = new Color(0xC6, 0x28, 0x28);

	/** A health the vendor calls orange, as the e-mail shows it. */
	static final Color ORANGE = new Color(0xC2, 0x5E, 0x00);

	/** Shipped inside PDFBox, so that the PDF needs no font installed. */
	private static final String FONT = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";

	private final PDDocument document = new PDDocument();

	private final PDType0Font font;

	private final List<PDPage> pages = new ArrayList<>();

	private PDPageContentStream content;

	private float y;

	PdfCanvas() throws IOException {
		try (InputStream in = PdfCanvas.class.getResourceAsStream(FONT)) {
			if (in == null) {
				throw new IOException("the font " + FONT + " is not on the class path");
			}
			this.font = PDType0Font.load(document, in);
		}
		newPage();
	}

	/** Starts a new page unless {@code height} points still fit on this one. */
	void room(float height) throws IOException {
		if (y - height < MARGIN + 20) {
			newPage();
		}
	}

	void newPage() throws IOException {
		if (content != null) {
			content.close();
		}
		PDPage page = new PDPage(PDRectangle.A4);
		document.addPage(page);
		pages.add(page);
		content = new PDPageContentStream(document, page);
		y = PDRectangle.A4.getHeight() - MARGIN;
	}

	/** Moves the cursor down. */
	void down(float points) {
		y -= points;
	}

	/**
	 * Text at {@code x} (from the left margin) on the cursor's line; {@code bold} strokes
	 * the outline, as the one embedded font has no bold cut.
	 */
	void text(float x, String text, float size, Color colour, boolean bold) throws IOException {
		content.beginText();
		content.setFont(font, size);
		content.setNonStrokingColor(colour);
		if (bold) {
			content.setStrokingColor(colour);
			content.setLineWidth(size / 30);
			content.setRenderingMode(RenderingMode.FILL_STROKE);
		}
		else {
			content.setRenderingMode(RenderingMode.FILL);
		}
		content.newLineAtOffset(MARGIN + x, y);
		content.showText(printable(text));
		content.endText();
	}

	/**
	 * Makes the box of {@code text} written at {@code x} on the cursor's line a link to
	 * {@code address}, as a URI action: readers click the name.
	 */
	void link(float x, String text, float size, String address) throws IOException {
		PDAnnotationLink link = new PDAnnotationLink();
		link.setRectangle(new PDRectangle(MARGIN + x, y - 2, width(text, size), size + 2));
		PDBorderStyleDictionary border = new PDBorderStyleDictionary();
		border.setWidth(0);
		link.setBorderStyle(border);
		PDActionURI action = new PDActionURI();
		action.setURI(address);
		link.setAction(action);
		pages.get(pages.size() - 1).getAnnotations().add(link);
	}

	/** Text ending at {@code right} (from the left margin). */
	void textRight(float right, String text, float size, Color colour) throws IOException {
		text(right - width(text, size), text, size, colour, false);
	}

	/** The text cut with an ellipsis to fit {@code width} points. */
	String fit(String text, float size, float width) throws IOException {
		String fitted = printable(text);
		if (width(fitted, size) <= width) {
			return fitted;
		}
		while (!fitted.isEmpty() && width(fitted + "\u2026", size) > width) {
			fitted = fitted.substring(0, fitted.length() - 1);
		}
		return fitted + "\u2026";
	}

	float width(String text, float size) throws IOException {
		return font.getStringWidth(printable(text)) / 1000 * size;
	}

	/** A line across the text's width, just below the cursor. */
	void rule(Color colour, float thickness) throws IOException {
		content.setStrokingColor(colour);
		content.setLineWidth(thickness);
		content.moveTo(MARGIN, y - 4);
		content.lineTo(MARGIN + WIDTH, y - 4);
		content.stroke();
	}

	/**
	 * A small line of {@code points} (a {@code null} breaks it) in the box from {@code x}
	 * (from the left margin) {@code width} wide, its bottom on the cursor's line, scaled
	 * from {@code low} to {@code high}; the last point marked with a dot; a band from
	 * {@code bandLow} to {@code bandHigh} behind it where they are given.
	 */
	void course(float x, float width, float height, List<Double> points, double low, double high, Double bandLow,
			Double bandHigh) throws IOException {
		float left = MARGIN + x;
		float step = points.size() < 2 ? 0 : width / (points.size() - 1);
		double span = high > low ? high - low : 1;
		if (bandLow != null && bandHigh != null) {
			content.setNonStrokingColor(new Color(0xE5, 0xE8, 0xEC));
			float bottom = (float) (y + (bandLow - low) / span * height);
			float top = (float) (y + (bandHigh - low) / span * height);
			content.addRect(left, bottom, width, Math.max(0.5f, top - bottom));
			content.fill();
		}
		content.setStrokingColor(new Color(0x1F, 0x6F, 0xB2));
		content.setLineWidth(1f);
		boolean drawing = false;
		boolean drawn = false;
		for (int i = 0; i < points.size(); i++) {
			Double point = points.get(i);
			if (point == null) {
				drawing = false;
				continue;
			}
			float px = left + i * step;
			float py = (float) (y + (high > low ? (point - low) / span * height : height / 2));
			if (drawing) {
				content.lineTo(px, py);
			}
			else {
				content.moveTo(px, py);
			}
			drawing = true;
			drawn = true;
		}
		if (drawn) {
			content.stroke();
		}
		Double own = points.isEmpty() ? null : points.get(points.size() - 1);
		if (own != null) {
			float py = (float) (y + (high > low ? (own - low) / span * height : height / 2));
			content.setNonStrokingColor(ORANGE);
			content.addRect(left + (points.size() - 1) * step - 1.8f, py - 1.8f, 3.6f, 3.6f);
			content.fill();
		}
	}

	/** A PNG at the text's width, its top at the cursor, which moves below it. */
	void picture(byte[] png, String name, int pixelWidth, int pixelHeight) throws IOException {
		float height = WIDTH * pixelHeight / pixelWidth;
		room(height);
		PDImageXObject image = PDImageXObject.createFromByteArray(document, png, name);
		content.drawImage(image, MARGIN, y - height, WIDTH, height);
		y -= height;
	}

	/** Writes the footer of every page and the file. */
	void save(Path file, String footer) throws IOException {
		content.close();
		content = null;
		for (int i = 0; i < pages.size(); i++) {
			try (PDPageContentStream foot = new PDPageContentStream(document, pages.get(i),
					PDPageContentStream.AppendMode.APPEND, true)) {
				content = foot;
				y = MARGIN - 16;
				text(0, fit(footer, 8, WIDTH - 80), 8, GREY, false);
				textRight(WIDTH, "Page " + (i + 1) + " of " + pages.size(), 8, GREY);
			}
		}
		content = null;
		document.save(file.toFile());
	}

	/** The text with every character the font cannot print replaced by "?". */
	private String printable(String text) throws IOException {
		StringBuilder printable = new StringBuilder();
		for (int codePoint : text.codePoints().toArray()) {
			String character = new String(Character.toChars(codePoint));
			try {
				font.encode(character);
				printable.append(character);
			}
			catch (IllegalArgumentException ex) {
				printable.append('?');
			}
		}
		return printable.toString();
	}

	@Override
	public void close() throws IOException {
		if (content != null) {
			content.close();
		}
		document.close();
	}

}
