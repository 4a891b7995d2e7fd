package io.apmreports.definition;

import java.io.UnsupportedEncodingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;

import io.apmreports.failure.UserFacingException;

/**
 * Who or where a report goes: an e-mail address, a display name allowed
 * ({@code Jane Doe <jane@example.com>}), or a chat channel a webhook posts to
 * ({@code slack:ops}, {@code teams:finance}), whose URL is a secret kept apart.
 *
 * @param channel how it is delivered
 * @param address the e-mail address (lower case), or the channel's name
 * @param displayName the name an e-mail address goes with, or {@code null}
 */
public record Recipient(Channel channel, String address, String displayName) {

	/**
	 * Deliberately loose: it catches a missing @ or domain, and leaves the rest to the
	 * mail server.
	 */
	private static final Pattern EMAIL = Pattern.compile("[^@\\s<>,\"]+@[^@\\s<>,\"]+\\.[^@\\s<>,\"]+");

	private static final Pattern CHANNEL_NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");

	/** The ways a report is delivered. */
	public enum Channel {

		EMAIL("e-mail"), SLACK("Slack"), TEAMS("Microsoft Teams");

		private final String label;

		Channel(String label) {
			this.label = label;
		}

		/** The channel as people name it. */
		public String label() {
			return label;
		}

	}

	/**
	 * Reads one recipient as a schedule or {@code --recipients} gives it; a mistake is
	 * one line that quotes it.
	 */
	public static Recipient parse(String text) {
		String trimmed = text == null ? "" : text.trim();
		String lower = trimmed.toLowerCase(Locale.ROOT);
		for (Channel channel : List.of(Channel.SLACK, Channel.TEAMS)) {
			String prefix = channel.name().toLowerCase(Locale.ROOT) + ":";
			if (lower.startsWith(prefix)) {
				String name = lower.substring(prefix.length()).trim();
				if (!CHANNEL_NAME.matcher(name).matches()) {
					throw new UserFacingException("'" + trimmed + "' does not name a " + channel.label()
							+ " channel: use " + prefix + "NAME, NAME of lower-case letters, digits, '-' and '_'");
				}
				return new Recipient(channel, name, null);
			}
		}
		try {
			InternetAddress address = new InternetAddress(trimmed, true);
			if (address.isGroup() || !EMAIL.matcher(address.getAddress()).matches()) {
				throw new AddressException();
			}
			String name = address.getPersonal();
			return new Recipient(Channel.EMAIL, address.getAddress().toLowerCase(Locale.ROOT),
					name == null || name.isBlank() ? null : name.strip());
		}
		catch (AddressException ex) {
			throw new UserFacingException("'" + trimmed + "' is not an e-mail address (such as ops@example.com or "
					+ "Jane Doe <jane@example.com>), nor a chat channel (slack:NAME or teams:NAME)");
		}
	}

	/**
	 * Reads a list as {@link #text(List)} wrote it: comma-separated, commas inside a
	 * quoted display name kept.
	 */
	public static List<Recipient> parseAll(String text) {
		List<Recipient> all = new ArrayList<>();
		if (text == null || text.isBlank()) {
			return all;
		}
		StringBuilder one = new StringBuilder();
		boolean quoted = false;
		for (char c : text.toCharArray()) {
			if (c == '"') {
				quoted = !quoted;
			}
			if (c == ',' && !quoted) {
				all.add(parse(one.toString()));
				one.setLength(0);
			}
			else {
				one.append(c);
			}
		}
		all.add(parse(one.toString()));
		return all;
	}

	/** Recipients as one line, each as {@link #toString()} writes it. */
	public static String text(List<Recipient> recipients) {
		return String.join(",", recipients.stream().map(Recipient::toString).toList());
	}

	/**
	 * What a sent message is recorded under, the same whatever display name the address
	 * was given with: the address, or {@code slack:NAME}.
	 */
	public String key() {
		return channel == Channel.EMAIL ? address : channel.name().toLowerCase(Locale.ROOT) + ":" + address;
	}

	public boolean isEmail() {
		return channel == Channel.EMAIL;
	}

	/** As a schedule writes it, a display name quoted where it needs to be. */
	@Override
	public String toString() {
		if (displayName == null) {
			return key();
		}
		try {
			return new InternetAddress(address, displayName, "UTF-8").toUnicodeString();
		}
		catch (UnsupportedEncodingException ex) {
			throw new IllegalStateException("UTF-8 is always there", ex);
		}
	}

}
