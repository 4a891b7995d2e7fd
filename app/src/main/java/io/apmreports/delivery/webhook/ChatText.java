package io.apmreports.delivery.webhook;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import net.javacrumbs.shedlock.support.Utils;

import io.apmreports.definition.Thresholds;
import io.apmreports.report.CourseText;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;

/**
 * What a chat message says, the same on every service: each headline and regression in
 * one line, and a list of names cut to fit, saying how many were left out, so that a
 * message about ten thousand failed applications stays within the service's limits.
 */
public final class ChatText {

	/**
	 * The characters the names of failed or gone applications take in a message: well
	 * within Slack's 3,000 a section and Teams' 28 KB a card.
	 */
	private static final int NAMES = 2000;

	private ChatText() {
	}

	/** "Calls 51,634,560, up 1,000 (+1.0%) from 51,633,560". */
	public static String headline(Overview.Headline headline, Thresholds thresholds) {
		String value = FigureText.value(headline.change().current(), headline.kind());
		String change = FigureText.inWords(headline.change(), headline.kind(), headline.better(), thresholds);
		return headline.name() + " " + (value.isEmpty() ? "(no figure)" : value)
				+ (change.isEmpty() ? "" : ", " + change);
	}

	/** "Notifications: Error rate 0.40% -> 0.90% (+125.0%)". */
	public static String regression(Overview.Mover mover) {
		String percent = FigureText.moved(mover.change(), mover.kind());
		String usual = CourseText.regression(mover);
		return mover.applicationName() + ": " + mover.figure() + " "
				+ FigureText.value(mover.change().previous(), mover.kind()) + " \u2192 "
				+ FigureText.value(mover.change().current(), mover.kind())
				+ (percent.isEmpty() ? "" : " (" + percent + ")") + (usual.isEmpty() ? "" : "; " + usual);
	}

	/**
	 * The headline's course in one line: "\u2581\u2583\u2588 12 weeks, low 210.0 ms, high
	 * 260.0 ms; usual 230.0 ms (median of the 12 weeks before, 210.0 ms\u2013250.0 ms)";
	 * {@code ""} without one.
	 */
	public static String course(Overview.Headline headline) {
		return CourseText.headline(headline);
	}

	/**
	 * The names joined as below, within the 2,000 characters a chat message gives them.
	 */
	public static String names(List<String> names) {
		return names(names, NAMES);
	}

	/**
	 * The names joined with commas, as many as fit in {@code limit} characters, then "and
	 * 9,950 more".
	 */
	public static String names(List<String> names, int limit) {
		List<String> shown = new ArrayList<>();
		int length = 0;
		for (String name : names) {
			int rest = names.size() - shown.size() - 1;
			String tail = rest == 0 ? "" : String.format(Locale.ENGLISH, ", and %,d more", rest);
			if (length + name.length() + 2 + tail.length() > limit) {
				break;
			}
			shown.add(name);
			length += name.length() + 2;
		}
		int left = names.size() - shown.size();
		return String.join(", ", shown) + (left == 0 ? ""
				: String.format(Locale.ENGLISH, shown.isEmpty() ? "%,d applications" : ", and %,d more", left));
	}

	/**
	 * Where the files are when no files-link names a place chat readers open: on the
	 * server that ran the report, said plainly, since a chat message carries no files and
	 * a reader cannot open a path on another machine. {@code folder} comes as the service
	 * marks it up.
	 */
	public static String filesOnServer(List<String> names, String folder) {
		String host = Utils.getHostname();
		return "Files: " + String.join(", ", names) + ", on the server that ran the report"
				+ (host == null || host.isBlank() || host.equals("unknown") ? "" : " (" + host + ")") + ", in " + folder
				+ "; a chat message cannot carry them";
	}

	/** Cut to at most {@code limit} characters, with an ellipsis where it was cut. */
	public static String cut(String text, int limit) {
		return text.length() <= limit ? text : text.substring(0, limit - 1) + "\u2026";
	}

}
