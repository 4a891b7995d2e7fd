package io.apmreports.web.page;

import jakarta.servlet.http.HttpSession;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.WebAttributes;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/** The sign-in page: a form for the users file's users, and the OpenID Connect link. */
@Controller
@ConditionalOnWebApplication
class LoginPage {

	private final SignInOptions options;

	LoginPage(SignInOptions options) {
		this.options = options;
	}

	@GetMapping("/login")
	String login(HttpSession session, Model model) {
		// only the console's own words: the throttle's wait, or a wrong name or password
		Object failure = session.getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION);
		if (failure instanceof AuthenticationException ex) {
			model.addAttribute("failure", ex.getMessage());
			session.removeAttribute(WebAttributes.AUTHENTICATION_EXCEPTION);
		}
		model.addAttribute("passwords", options.passwords());
		model.addAttribute("providers", options.providers());
		return "login";
	}

}
