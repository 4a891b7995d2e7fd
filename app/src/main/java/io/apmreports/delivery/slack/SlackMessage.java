package io.apmreports.delivery.slack;

import java.util.List;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import io.apmreports.report.digest.DigestText;
import io.apmreports.definition.Thresholds;
import io.apmreports.delivery.webhook.ChatText;
import io.apmreports.report.Overview;
import io.apmreports.report.digest.RunDigest;

/**
 * A report as a Slack Block Kit message for an incoming webhook: a header with the title,
 * the range, account and counts, the headline figures with their change, the regressions,
 * the failed and gone applications by name, and where the files are; with a top-level
 * {@code text} for notifications. Kept within Slack's limits: 50 blocks, 150 characters
 * of header, 3,000 of a section, and well under the 13,000 characters of block text past
 * which Slack has been seen to refuse a message.
 */
public final class SlackMessage {

	static final int MAX_BLOCKS = 50;

	static final int MAX_HEADER = 150;

	static final int MAX_SECTION = 3000;

	/** The names of the failed (or gone) applications, at most. */
	private static final JsonMapper JSON = JsonMapper.builder().build();

	private SlackMessage() {
	}

	/** The message's JSON. */
	public static String json(RunDigest email) {
		ObjectNode message = JSON.createObjectNode();
		message.put("text", ChatText.cut(email.subject(), MAX_SECTION));
		ArrayNode blocks = message.putArray("blocks");
		ObjectNode header = blocks.addObject().put("type", "header");
		header.putObject("text").put("type", "plain_text").put("text", ChatText.cut(email.title(), MAX_HEADER));
		Overview overview = email.overview();
		section(blocks, "*" + escape(email.rangeText()) + "*\n" + escape(email.account())
				+ (overview.withoutApplications() ? "" : "\n" + escape(DigestText.counts(overview))));
		if (overview.cost() != null) {
			section(blocks, "*" + escape(DigestText.costTitle(overview.cost())) + "*\n"
					+ escape(String.join("\n", DigestText.costLines(overview.cost()))));
			section(blocks, "*" + DigestText.moversTitle() + "*\n" + String.join("\n",
					DigestText.movers(overview.cost()).stream().map(line -> "\u2022 " + escape(line)).toList()));
		}
		if (overview.serviceLevels() != null) {
			section(blocks, SlackServiceLevels.text(overview.serviceLevels()));
		}
		if (!overview.withoutApplications()) {
			headlines(blocks, DigestText.headlinesTitle(email), overview.headlines(), overview.thresholds());
		}
		for (Overview.AccountHeadlines account : overview.accounts()) {
			// room kept for the regressions, the names and the files
			if (blocks.size() >= MAX_BLOCKS - 5) {
				break;
			}
			headlines(blocks, account.account(), account.headlines(), overview.thresholds());
		}
		if (!overview.regressions().isEmpty()) {
			section(blocks,
					"*Regressions worth a look*\n" + String.join("\n",
							overview.regressions()
								.stream()
								.map(mover -> "\u2022 " + escape(ChatText.regression(mover)))
								.toList()));
		}
		for (Map.Entry<String, List<String>> names : DigestText.names(overview).entrySet()) {
			section(blocks, "*" + escape(names.getKey()) + "*: " + escape(ChatText.names(names.getValue())));
		}
		ObjectNode files = blocks.addObject().put("type", "context");
		files.putArray("elements").addObject().put("type", "mrkdwn").put("text", filesText(email));
		return JSON.writeValueAsString(message);
	}

	/** A short message, such as a failure notice: a header and one section. */
	public static String notice(String title, String text) {
		ObjectNode message = JSON.createObjectNode();
		message.put("text", ChatText.cut(title, MAX_SECTION));
		ArrayNode blocks = message.putArray("blocks");
		blocks.addObject()
			.put("type", "header")
			.putObject("text")
			.put("type", "plain_text")
			.put("text", ChatText.cut(title, MAX_HEADER));
		section(blocks, escape(text));
		return JSON.writeValueAsString(message);
	}

	private static void headlines(ArrayNode blocks, String title, List<Overview.Headline> headlines,
			Thresholds thresholds) {
		if (headlines.isEmpty()) {
			return;
		}
		section(blocks,
				"*" + escape(title) + "*\n" + String.join("\n", headlines.stream()
					.map(headline -> "\u2022 " + escape(ChatText.headline(headline, thresholds)) + course(headline))
					.toList()));
	}

	/** The course on a line of its own under the headline, where it has one. */
	private static String course(Overview.Headline headline) {
		String course = ChatText.course(headline);
		return course.isEmpty() ? "" : "\n      " + escape(course);
	}

	private static void section(ArrayNode blocks, String mrkdwn) {
		ObjectNode section = blocks.addObject().put("type", "section");
		section.putObject("text").put("type", "mrkdwn").put("text", ChatText.cut(mrkdwn, MAX_SECTION));
	}

	/**
	 * A link where the definition names a URL for the files, else the shared folder it
	 * names, else the folder on the server, said to be there.
	 */
	private static String filesText(RunDigest email) {
		String names = escape(String.join(", ", email.fileNames()));
		String at = email.filesAt();
		if (email.filesAtLink()) {
			return "Files: <" + at.replace("|", "%7C").replace(">", "%3E") + "|" + names + ">";
		}
		if (email.filesOnServer()) {
			return ChatText.filesOnServer(email.fileNames().stream().map(SlackMessage::escape).toList(),
					"`" + escape(at) + "`");
		}
		return "Files: " + names + " in `" + escape(at) + "`";
	}

	/** Slack's mrkdwn takes these three as markup. */
	static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
	}

}
