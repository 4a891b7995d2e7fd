package io.apmreports.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * The project's documents as a reader meets them: {@code README.md} and the pages of
 * {@code docs/}, read from the checkout's top folder, where the tests run. Headings and
 * their anchors are GitHub's, so that a test holds true what a reader of the repository
 * sees.
 */
public final class Docs {

	private static final Parser PARSER = Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS).build();

	private Docs() {
	}

	/** README.md and every page of docs/, the README first. */
	public static List<Path> all() {
		try (Stream<Path> pages = Files.list(Path.of("docs"))) {
			List<Path> all = new ArrayList<>(List.of(Path.of("README.md")));
			pages.filter(page -> page.toString().endsWith(".md")).sorted().forEach(all::add);
			return all;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A document parsed, with each block's lines kept. */
	public static Node parse(Path document) {
		return PARSER.parse(read(document));
	}

	/**
	 * The section a heading opens, its heading line included, up to the next heading of
	 * the same or a higher level; code blocks are not headings.
	 * @param document the file, such as {@code docs/configuration.md}
	 * @param heading the heading's text as rendered, such as {@code Configuration}
	 * @throws IllegalArgumentException when the document has no such heading
	 */
	public static String section(String document, String heading) {
		Path path = Path.of(document);
		List<Heading> headings = headings(parse(path));
		List<String> lines = read(path).lines().toList();
		for (int i = 0; i < headings.size(); i++) {
			Heading found = headings.get(i);
			if (text(found).equals(heading)) {
				int end = lines.size();
				for (Heading next : headings.subList(i + 1, headings.size())) {
					if (next.getLevel() <= found.getLevel()) {
						end = line(next);
						break;
					}
				}
				return String.join("\n", lines.subList(line(found), end));
			}
		}
		throw new IllegalArgumentException(document + " has no heading " + heading);
	}

	/** The anchors of a document's headings, as GitHub names them, in document order. */
	public static List<String> anchors(Node document) {
		Map<String, Integer> seen = new HashMap<>();
		List<String> anchors = new ArrayList<>();
		for (Heading heading : headings(document)) {
			String anchor = text(heading).toLowerCase(Locale.ROOT)
				.replaceAll("[^\\p{L}\\p{N}\\p{M}\\p{Pc}\\- ]", "")
				.replace(' ', '-');
			int earlier = seen.merge(anchor, 1, Integer::sum) - 1;
			anchors.add((earlier == 0) ? anchor : anchor + "-" + earlier);
		}
		return anchors;
	}

	private static List<Heading> headings(Node document) {
		List<Heading> headings = new ArrayList<>();
		document.accept(new AbstractVisitor() {
			@Override
			public void visit(Heading heading) {
				headings.add(heading);
			}
		});
		return headings;
	}

	/**
	 * A heading's text as rendered: code spans without their backticks, links as text.
	 */
	private static String text(Heading heading) {
		StringBuilder text = new StringBuilder();
		heading.accept(new AbstractVisitor() {
			@Override
			public void visit(Text node) {
				text.append(node.getLiteral());
			}

			@Override
			public void visit(Code node) {
				text.append(node.getLiteral());
			}
		});
		return text.toString();
	}

	private static int line(Node block) {
		return block.getSourceSpans().get(0).getLineIndex();
	}

	private static String read(Path document) {
		try {
			return Files.readString(document);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
