package io.apmreports.web.security;

import java.time.Duration;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * Password sign-in, slowed by the {@link LoginThrottle}: an attempt that must wait is
 * refused before its password is checked, so waiting is the only way on.
 */
final class ThrottledLogins implements AuthenticationProvider {

	private final AuthenticationProvider passwords;

	private final LoginThrottle throttle;

	ThrottledLogins(AuthenticationProvider passwords, LoginThrottle throttle) {
		this.passwords = passwords;
		this.throttle = throttle;
	}

	@Override
	public Authentication authenticate(Authentication authentication) {
		String[] keys = keys(authentication);
		Duration wait = throttle.wait(keys).orElse(null);
		if (wait != null) {
			throw new LockedException("Too many wrong passwords: try again in " + words(wait) + ".");
		}
		try {
			Authentication signedIn = passwords.authenticate(authentication);
			throttle.succeeded(keys);
			return signedIn;
		}
		catch (BadCredentialsException ex) {
			throttle.failed(keys);
			throw new BadCredentialsException("Wrong name or password.");
		}
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
	}

	private static String[] keys(Authentication authentication) {
		String address = authentication.getDetails() instanceof WebAuthenticationDetails details
				? details.getRemoteAddress() : "";
		return new String[] { "name:" + authentication.getName(), "address:" + address };
	}

	static String words(Duration wait) {
		long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
		if (seconds == 1) {
			return "1 second";
		}
		return seconds < 120 ? seconds + " seconds" : ((seconds + 59) / 60) + " minutes";
	}

}
