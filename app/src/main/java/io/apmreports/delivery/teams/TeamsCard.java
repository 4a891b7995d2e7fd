package io.apmreports.delivery.teams;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import io.apmreports.report.digest.DigestText;
import io.apmreports.definition.Thresholds;
import io.apmreports.delivery.webhook.ChatText;
import io.apmreports.report.Attention;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;
import io.apmreports.report.UsageBreakdown;
import io.apmreports.report.digest.RunDigest;

/**
 * A report as a Microsoft Teams message for a Workflows webhook: an Adaptive Card (1.2,
 * the version the webhook documentation shows) with the title, the range, account and
 * counts, the headline figures as facts, the failed and gone applications by name, the
 * applications that need a look, the regressions (or that none were found, or looked
 * for), the usage by team with each account's total, and a button that opens the files
 * where the definition names a URL for them. Teams refuses a message over about 28 KB;
 * this one stays under {@value #MAX_BYTES} bytes, leaving out accounts' blocks that would
 * not fit.
 */
public final class TeamsCard {

	static final int MAX_BYTES = 20_000;

	/** How many lines a list shows: the files hold the rest. */
	static final int MAX_LINES = 40;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private TeamsCard() {
	}

	/** The message's JSON. */
	public static String json(RunDigest email) {
		Overview overview = email.overview();
		for (int accounts = overview.accounts().size(); accounts >= 0; accounts--) {
			String json = json(email, accounts);
			if (json.getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES || accounts == 0) {
				return json;
			}
		}
		throw new IllegalStateException("unreachable");
	}

	/** A short message, such as a failure notice: a title and its text. */
	public static String notice(String title, String text) {
		ObjectNode message = JSON.createObjectNode().put("type", "message");
		ArrayNode body = card(message).putArray("body");
		text(body, title).put("size", "Large").put("weight", "Bolder");
		text(body, ChatText.cut(text, 10_000));
		return JSON.writeValueAsString(message);
	}

	/** The message's one attachment, an Adaptive Card, as the webhook takes it. */
	private static ObjectNode card(ObjectNode message) {
		ObjectNode attachment = message.putArray("attachments")
			.addObject()
			.put("contentType", "application/vnd.microsoft.card.adaptive")
			.putNull("contentUrl");
		return attachment.putObject("content")
			.put("$schema", "http://adaptivecards.io/schemas/adaptive-card.json")
			.put("type", "AdaptiveCard")
			.put("version", "1.2");
	}

	private static String json(RunDigest email, int accountsShown) {
		ObjectNode message = JSON.createObjectNode().put("type", "message");
		ObjectNode card = card(message);
		ArrayNode body = card.putArray("body");
		text(body, email.title()).put("size", "Large").put("weight", "Bolder");
		text(body, email.rangeText() + "\n\n" + email.account()).put("isSubtle", true).put("spacing", "None");
		Overview overview = email.overview();
		if (overview.cost() != null) {
			heading(body, DigestText.costTitle(overview.cost()));
			text(body, String.join("\n\n", DigestText.costLines(overview.cost()))).put("spacing", "None");
			heading(body, DigestText.moversTitle());
			DigestText.movers(overview.cost()).forEach(line -> text(body, "- " + line).put("spacing", "None"));
		}
		if (overview.serviceLevels() != null) {
			heading(body, overview.serviceLevels().title());
			TeamsServiceLevels.lines(overview.serviceLevels())
				.forEach(line -> text(body, line.text()).put("spacing", "None").put("color", line.color()));
		}
		if (!overview.withoutApplications()) {
			text(body, DigestText.counts(overview));
			facts(body, DigestText.headlinesTitle(email), overview.headlines(), overview.thresholds());
		}
		List<Overview.AccountHeadlines> accounts = overview.accounts();
		accounts.subList(0, accountsShown)
			.forEach(account -> facts(body, account.account(), account.headlines(), overview.thresholds()));
		if (accountsShown < accounts.size()) {
			text(body, String.format(Locale.ENGLISH, "%,d more accounts' figures are in the files.",
					accounts.size() - accountsShown))
				.put("isSubtle", true);
		}
		for (Map.Entry<String, List<String>> names : DigestText.names(overview).entrySet()) {
			heading(body, names.getKey());
			text(body, ChatText.names(names.getValue())).put("spacing", "None");
		}
		attention(body, overview);
		if (!overview.withoutApplications()) {
			regressions(body, overview);
		}
		usage(body, overview.usage());
		files(card, body, email);
		return JSON.writeValueAsString(message);
	}

	private static void regressions(ArrayNode body, Overview overview) {
		heading(body, "Regressions worth a look");
		if (overview.regressions().isEmpty()) {
			text(body, overview.noRegressions()).put("spacing", "None");
		}
		overview.regressions().forEach(mover -> text(body, "- " + ChatText.regression(mover)).put("spacing", "None"));
	}

	private static void files(ObjectNode card, ArrayNode body, RunDigest email) {
		String at = email.filesAt();
		String files = String.join(", ", email.fileNames());
		if (email.filesAtLink()) {
			text(body, "Files: " + files).put("isSubtle", true);
			card.putArray("actions")
				.addObject()
				.put("type", "Action.OpenUrl")
				.put("title", "Open the files")
				.put("url", at);
		}
		else if (email.filesOnServer()) {
			text(body, ChatText.filesOnServer(email.fileNames(), at)).put("isSubtle", true);
		}
		else {
			text(body, "Files: " + files + " in " + at).put("isSubtle", true);
		}
	}

	/** The applications that need a look, red before orange, as many as fit. */
	private static void attention(ArrayNode body, Overview overview) {
		List<Attention> all = overview.attention();
		if (all.isEmpty()) {
			return;
		}
		heading(body, DigestText.attentionTitle(overview));
		all.stream()
			.limit(MAX_LINES)
			.forEach(attention -> text(body, "- " + DigestText.attention(attention)).put("spacing", "None")
				.put("color", attention.severity() == Attention.Severity.RED ? "Attention" : "Warning"));
		more(body, all.size());
	}

	/**
	 * The usage by team as facts, each account's groups under its name, as many as fit:
	 * "checkout: 1,234,567 calls, 12.50%".
	 */
	private static void usage(ArrayNode body, UsageBreakdown usage) {
		if (usage.isEmpty()) {
			return;
		}
		heading(body, usage.title());
		ArrayNode facts = null;
		String account = null;
		for (UsageBreakdown.Line line : usage.lines().subList(0, Math.min(MAX_LINES, usage.lines().size()))) {
			boolean newAccount = usage.groupBy() != null && line.level() == UsageBreakdown.Level.GROUP
					&& line.account() != null && !line.account().equals(account);
			if (newAccount) {
				account = line.account();
				text(body, account).put("weight", "Bolder").put("spacing", "Small");
			}
			if (facts == null || newAccount || line.level() == UsageBreakdown.Level.TOTAL) {
				facts = body.addObject().put("type", "FactSet").putArray("facts");
			}
			List<String> figures = DigestText.usageFigures(line);
			facts.addObject()
				.put("title", line.label())
				.put("value", String.format(Locale.ENGLISH, "%s calls, %s (%s %s)", figures.get(1), figures.get(2),
						figures.get(0), line.applications() == 1 ? "application" : "applications"));
		}
		more(body, usage.lines().size());
	}

	/** How many lines of a list did not fit, where some did not. */
	private static void more(ArrayNode body, int lines) {
		if (lines > MAX_LINES) {
			text(body, String.format(Locale.ENGLISH, "%,d more in the files.", lines - MAX_LINES)).put("isSubtle",
					true);
		}
	}

	private static void facts(ArrayNode body, String title, List<Overview.Headline> headlines, Thresholds thresholds) {
		if (headlines.isEmpty()) {
			return;
		}
		heading(body, title);
		ArrayNode facts = body.addObject().put("type", "FactSet").putArray("facts");
		for (Overview.Headline headline : headlines) {
			String value = FigureText.value(headline.change().current(), headline.kind());
			String change = FigureText.inWords(headline.change(), headline.kind(), headline.better(), thresholds);
			facts.addObject()
				.put("title", headline.name())
				.put("value", (value.isEmpty() ? "no figure" : value) + (change.isEmpty() ? "" : " (" + change + ")")
						+ (headline.course() == null ? "" : "\n\n" + ChatText.course(headline)));
		}
	}

	private static void heading(ArrayNode body, String title) {
		text(body, title).put("weight", "Bolder").put("spacing", "Medium");
	}

	private static ObjectNode text(ArrayNode body, String text) {
		return body.addObject().put("type", "TextBlock").put("text", text).put("wrap", true);
	}

}
