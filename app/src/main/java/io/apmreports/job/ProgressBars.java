package io.apmreports.job;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

/**
 * The progress bars of the fetch steps going on in this process, one line each, redrawn
 * in place on an interactive terminal: the sections' steps run side by side, and each
 * keeps a line of its own. A step's last line stays once it ends.
 */
@Component
class ProgressBars {

	/** Moves to the start of the line {@code n} lines up. */
	private static final String UP = "\033[%dF";

	private static final String CLEAR_TO_END = "\033[K";

	/**
	 * A line wider than the terminal is cut rather than wrapped, so that moving up by
	 * lines finds the bars again.
	 */
	private static final String NO_WRAP = "\033[?7l";

	private static final String WRAP = "\033[?7h";

	private final PrintStream terminal;

	private final Map<Long, String> lines = new LinkedHashMap<>();

	private int drawn;

	ProgressBars() {
		this(System.console() != null ? System.out : null);
	}

	/**
	 * @param terminal where to draw the bars, or {@code null} when not on a terminal
	 */
	ProgressBars(PrintStream terminal) {
		this.terminal = terminal;
	}

	/** Whether bars are drawn: otherwise the steps log lines. */
	boolean onTerminal() {
		return terminal != null;
	}

	/** Draws the step's line anew, in its place among the others. */
	synchronized void show(long stepExecutionId, String line) {
		lines.put(stepExecutionId, line);
		redraw(null);
	}

	/**
	 * Draws the step's last line above the bars still going on, where it stays, and draws
	 * it no more.
	 */
	synchronized void end(long stepExecutionId, String line) {
		lines.remove(stepExecutionId);
		redraw(line);
	}

	private void redraw(String ended) {
		StringBuilder text = new StringBuilder(NO_WRAP);
		if (drawn > 0) {
			text.append(UP.formatted(drawn));
		}
		if (ended != null) {
			text.append(ended).append(CLEAR_TO_END).append('\n');
		}
		lines.values().forEach(line -> text.append(line).append(CLEAR_TO_END).append('\n'));
		text.append(WRAP);
		terminal.print(text);
		terminal.flush();
		drawn = lines.size();
	}

}
