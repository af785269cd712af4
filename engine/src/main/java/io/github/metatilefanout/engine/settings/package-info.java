/**
 * The admin's settings, independent of where a host keeps them: their ranges ({@link
 * io.github.metatilefanout.engine.settings.FanoutSetting}), the values as kept ({@link
 * io.github.metatilefanout.engine.settings.StoredSettings}), their text format ({@link
 * io.github.metatilefanout.engine.settings.SettingsFormat}) and what a settings panel talks to ({@link
 * io.github.metatilefanout.engine.settings.FanoutConfiguration}).
 */
package io.github.metatilefanout.engine.settings;
