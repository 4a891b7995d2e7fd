package io.apmreports;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

import io.apmreports.testing.Docs;

/**
 * Every link between the README and the pages of docs/, and within them, leads somewhere:
 * a relative link to a file or folder of the checkout, an anchor to a heading of the page
 * it names, as GitHub renders them. The reference moved out of the README; a link left
 * pointing at where a section was is a dead end for the reader who follows it.
 */
class DocsLinksTests {

	@Test
	void everyRelativeLinkAndAnchorResolves() {
		// given every link of the README and the docs
		List<String> dead = new ArrayList<>();
		int followed = 0;
		for (Path document : Docs.all()) {
			for (String destination : destinations(Docs.parse(document))) {
				if (destination.matches("^[a-z][a-z0-9+.-]*:.*")) {
					continue; // https:, mailto:: another site's
				}
				followed++;
				// when it is followed
				String problem = follow(document, destination);
				if (problem != null) {
					dead.add(document + ": (" + destination + ") " + problem);
				}
			}
		}

		// then
		assertThat(followed).as("relative links followed").isGreaterThan(50);
		assertThat(dead).as("links that lead nowhere").isEmpty();
	}

	@Test
	void anAnchorIsNamedAsGitHubNamesIt() {
		// given headings with punctuation, code and a repeat
		Node document = Parser.builder()
			.build()
			.parse("# After 2027-07-31: NRQL over NerdGraph\n\n## The CSV contract (`summary.csv`)\n\n"
					+ "## Formulas and rules, as implemented\n\n## Teams\n\n### Teams\n");

		// then
		assertThat(Docs.anchors(document)).containsExactly("after-2027-07-31-nrql-over-nerdgraph",
				"the-csv-contract-summarycsv", "formulas-and-rules-as-implemented", "teams", "teams-1");
	}

	/** Where it leads, or null when it leads to what it names. */
	private static String follow(Path document, String destination) {
		int hash = destination.indexOf('#');
		String file = (hash < 0) ? destination : destination.substring(0, hash);
		Path target = file.isEmpty() ? document : document.resolveSibling(file).normalize();
		if (!Files.exists(target)) {
			return "no such file " + target;
		}
		if (hash < 0) {
			return null;
		}
		String anchor = destination.substring(hash + 1);
		if (!target.toString().endsWith(".md")) {
			return "an anchor into a file that is not Markdown";
		}
		return Docs.anchors(Docs.parse(target)).contains(anchor) ? null : "no heading #" + anchor + " in " + target;
	}

	private static List<String> destinations(Node document) {
		List<String> destinations = new ArrayList<>();
		document.accept(new AbstractVisitor() {
			@Override
			public void visit(Link link) {
				destinations.add(link.getDestination());
				visitChildren(link);
			}

			@Override
			public void visit(Image image) {
				destinations.add(image.getDestination());
			}
		});
		return destinations;
	}

}
