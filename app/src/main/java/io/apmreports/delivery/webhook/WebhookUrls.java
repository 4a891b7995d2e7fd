package io.apmreports.delivery.webhook;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import io.apmreports.definition.Recipient;
import io.apmreports.failure.UserFacingException;
import io.apmreports.net.Loopback;

/**
 * Finds a chat channel's webhook URL: in the environment variable
 * {@code APM_SLACK_WEBHOOK_<NAME>} (or {@code APM_TEAMS_WEBHOOK_<NAME>}), or in the file
 * a setting names ({@code delivery.slack-webhook-files.<name>}). Nowhere else, so that it
 * never rides on a command line, in a job parameter or in a definition; and only over
 * https, plain http being allowed to this machine alone. No message quotes it.
 */
public final class WebhookUrls {

	private final Map<String, String> environment;

	private final Map<String, String> slackFiles;

	private final Map<String, String> teamsFiles;

	public WebhookUrls(Map<String, String> environment, Map<String, String> slackFiles,
			Map<String, String> teamsFiles) {
		this.environment = environment;
		this.slackFiles = slackFiles;
		this.teamsFiles = teamsFiles;
	}

	/**
	 * The URL of a channel; a channel without one, or with one that is not https, is one
	 * line.
	 */
	public WebhookUrl of(Recipient channel) {
		String file = (channel.channel() == Recipient.Channel.SLACK ? slackFiles : teamsFiles).get(channel.address());
		String text = file != null ? read(file, setting(channel)) : environment.get(variable(channel));
		if (text == null || text.isBlank()) {
			throw new UserFacingException("no webhook for " + channel.key() + ": set the environment variable "
					+ variable(channel) + " or name a file holding it with --" + setting(channel) + "=PATH");
		}
		return check(text.strip(), channel);
	}

	/**
	 * The environment variable of a channel's URL: {@code APM_SLACK_WEBHOOK_OPS_REPORTS}.
	 */
	public static String variable(Recipient channel) {
		return "APM_" + channel.channel().name() + "_WEBHOOK_"
				+ channel.address().toUpperCase(Locale.ROOT).replace('-', '_');
	}

	/** The setting that names a file holding a channel's URL. */
	public static String setting(Recipient channel) {
		return "delivery." + channel.channel().name().toLowerCase(Locale.ROOT) + "-webhook-files." + channel.address();
	}

	private static WebhookUrl check(String text, Recipient channel) {
		URI uri;
		try {
			uri = new URI(text);
		}
		catch (URISyntaxException ex) {
			uri = null;
		}
		String where = "the webhook of " + channel.key() + " (" + variable(channel) + " or " + setting(channel) + ")";
		if (uri == null || uri.getHost() == null || uri.getScheme() == null) {
			throw new UserFacingException(where + " is not a URL");
		}
		String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
		if (!scheme.equals("https") && !(scheme.equals("http") && Loopback.is(uri.getHost()))) {
			throw new UserFacingException(where + " must be an https URL: it carries the right to post to the "
					+ "channel (plain http only to this machine)");
		}
		return new WebhookUrl(uri);
	}

	/**
	 * The messages name the setting, never the file's text: a URL pasted in its place
	 * would be echoed.
	 */
	private static String read(String file, String setting) {
		try {
			if (file.contains("://")) {
				throw new NoSuchFileException(setting);
			}
			return Files.readString(Path.of(file));
		}
		catch (IOException | InvalidPathException ex) {
			String why = ex instanceof NoSuchFileException ? "no such file"
					: ex instanceof AccessDeniedException ? "permission denied" : "an input/output error";
			throw new UserFacingException("the file named by " + setting + " cannot be read (" + why
					+ "): give the path of a file that holds the webhook URL, not the URL");
		}
	}

}
