package org.petstore.inventory.bootstrap;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.ConfigurationReader;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.env.Environment;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.core.convert.ConversionContext;
import io.micronaut.core.naming.NameUtils;
import io.micronaut.core.reflect.ReflectionUtils;
import io.micronaut.core.type.Argument;
import io.micronaut.inject.BeanDefinition;
import io.micronaut.inject.BeanDefinitionReference;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks the service's own settings at startup, so that a value that is not valid stops the start with one line that
 * names it ({@link StartupFailure}) instead of being noticed later, or not at all: every component of the service's
 * {@code @ConfigurationProperties} records (in {@code org.petstore}) whose value cannot be converted to its type (the
 * framework would quietly use the {@code @Bindable} default instead, or read any word as {@code false}); every such
 * record's own checks, by creating it now rather than at the first request that needs it; and the logging settings,
 * which logback reads before the application starts ({@link LogSettings}).
 */
@Context
final class SettingsCheck {

    /** The words a switch takes, as the framework reads them (true, yes and on switch it on). */
    static final Set<String> BOOLEAN_WORDS = Set.of("true", "false", "yes", "no", "on", "off");

    private static final String OWN_PACKAGE = "org.petstore.";

    SettingsCheck(ApplicationContext context) {
        LogSettings.problem(LogSettings::configured)
                .ifPresent(problem -> {
                    throw new ConfigurationException(problem);
                });
        Environment environment = context.getEnvironment();
        // the service's own definitions picked by name first: a stereotype and conditions check of every one of the
        // context's 580 definitions cost about 25 ms of the main thread at every start
        for (BeanDefinitionReference<?> reference : context.getBeanDefinitionReferences()) {
            if (!reference.getBeanDefinitionName().startsWith(OWN_PACKAGE)
                    || !reference.hasStereotype(ConfigurationReader.class)
                    || !reference.getBeanType().getName().startsWith(OWN_PACKAGE)
                    || !reference.isEnabled(context)) {
                continue;
            }
            BeanDefinition<?> configuration = reference.load(context);
            String prefix = configuration.stringValue(ConfigurationReader.class, "prefix").orElse("");
            for (Argument<?> component : configuration.getConstructor().getArguments()) {
                check(environment, prefix + "." + NameUtils.hyphenate(component.getName()), component);
            }
            context.getBean(configuration);
        }
    }

    private static void check(Environment environment, String property, Argument<?> component) {
        Optional<String> configured = environment.getProperty(property, String.class).map(String::strip)
                .filter(value -> !value.isEmpty());
        Class<?> type = ReflectionUtils.getWrapperType(component.getType());
        if (configured.isEmpty() || type == String.class || Collection.class.isAssignableFrom(type)
                || Map.class.isAssignableFrom(type) || type.isArray()) {
            return;
        }
        String value = configured.get();
        boolean valid = type == Boolean.class
                ? BOOLEAN_WORDS.contains(value.toLowerCase(Locale.ROOT))
                : environment.getProperty(property, ConversionContext.of(component)).isPresent();
        if (!valid) {
            throw new ConfigurationException(property + " is '" + value + "', which is not "
                    + Settings.expected(property, type.getName()));
        }
    }
}
