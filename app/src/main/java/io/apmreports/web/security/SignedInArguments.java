package io.apmreports.web.security;

import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.security.authentication.InsufficientAuthenticationException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import io.apmreports.web.ConsoleUser;

/**
 * Hands a controller method the {@link ConsoleUser} signed in, so that pages and API ask
 * the same question of the same record and never read Spring Security's types.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class SignedInArguments implements WebMvcConfigurer, HandlerMethodArgumentResolver {

	@Override
	public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
		resolvers.add(this);
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return parameter.getParameterType() == ConsoleUser.class;
	}

	@Override
	public ConsoleUser resolveArgument(MethodParameter parameter, ModelAndViewContainer container,
			NativeWebRequest request, WebDataBinderFactory binders) {
		return signedIn(SecurityContextHolder.getContext().getAuthentication());
	}

	static ConsoleUser signedIn(Authentication authentication) {
		if (authentication != null && authentication.getPrincipal() instanceof Signed signed) {
			return signed.user();
		}
		throw new InsufficientAuthenticationException("not signed in");
	}

}
