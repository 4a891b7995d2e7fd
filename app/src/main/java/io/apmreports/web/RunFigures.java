package io.apmreports.web;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;
import io.apmreports.report.digest.DigestText;
import io.apmreports.report.digest.RunDigest;

/**
 * A run's headline figures and regressions as its e-mail says them, from the digest the
 * run kept: the same counts, headings and words ({@link DigestText}, {@link FigureText}),
 * so that the page and the message never tell a figure two ways.
 *
 * @param subject the message's subject line
 * @param rangeText the range as people say it
 * @param account the account read
 * @param counts "13 applications, 1 failed."
 * @param names the failed and gone applications by name, under their label
 * @param headlinesTitle "Team checkout against last week"
 * @param headlines the headline figures
 * @param accounts over several accounts, each account's headlines
 * @param attentionTitle "2 applications need a look", or empty for none
 * @param attention those applications in words
 * @param regressions the figures that got worse
 * @param noRegressions what the e-mail says in place of none; empty when there are some
 */
public record RunFigures(String subject, String rangeText, String account, String counts,
		Map<String, List<String>> names, String headlinesTitle, List<Figure> headlines, List<Group> accounts,
		String attentionTitle, List<String> attention, List<Regression> regressions, String noRegressions) {

	/**
	 * One headline figure.
	 *
	 * @param name the figure in words, with its unit
	 * @param value its value now
	 * @param change its change in words ("up 30.0 (+15.0%) from 200.0, worse")
	 * @param verdict {@code better}, {@code worse} or {@code neutral}, which colours it
	 */
	public record Figure(String name, String value, String change, String verdict) {
	}

	/**
	 * One account's headlines in a report over several.
	 *
	 * @param title the account
	 * @param figures its headlines
	 */
	public record Group(String title, List<Figure> figures) {
	}

	/**
	 * One figure of one application that got worse.
	 *
	 * @param application the application
	 * @param figure the figure in words
	 * @param from its previous value
	 * @param to its value now
	 * @param moved how much ("+42.0%"), or empty
	 */
	public record Regression(String application, String figure, String from, String to, String moved) {
	}

	/** The figures of {@code digest}, in its e-mail's words. */
	public static RunFigures of(RunDigest digest) {
		Overview overview = digest.overview();
		return new RunFigures(digest.subject(), digest.rangeText(), digest.account(), DigestText.counts(overview),
				DigestText.names(overview), DigestText.headlinesTitle(digest), figures(overview.headlines(), overview),
				overview.accounts()
					.stream()
					.map(account -> new Group(account.account(), figures(account.headlines(), overview)))
					.toList(),
				overview.attention().isEmpty() ? "" : DigestText.attentionTitle(overview),
				overview.attention().stream().map(DigestText::attention).toList(),
				overview.regressions().stream().map(RunFigures::regression).toList(),
				overview.regressions().isEmpty() ? overview.noRegressions() : "");
	}

	private static List<Figure> figures(List<Overview.Headline> headlines, Overview overview) {
		return headlines.stream().map(headline -> figure(headline, overview)).toList();
	}

	private static Figure figure(Overview.Headline headline, Overview overview) {
		Change change = headline.change();
		return new Figure(headline.name(), FigureText.value(change.current(), headline.kind()),
				FigureText.inWords(change, headline.kind(), headline.better(), overview.thresholds()),
				FigureText.verdict(headline.better(), change, headline.kind(), overview.thresholds())
					.name()
					.toLowerCase(Locale.ROOT));
	}

	private static Regression regression(Overview.Mover mover) {
		Kind kind = mover.kind();
		return new Regression(mover.applicationName(), mover.figure(),
				FigureText.value(mover.change().previous(), kind), FigureText.value(mover.change().current(), kind),
				FigureText.moved(mover.change(), kind));
	}

}
