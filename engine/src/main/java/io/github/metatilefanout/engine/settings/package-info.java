/**
 * The admin's settings, independent of where a host keeps them: one descriptor per setting with its key, values,
 * default and message ({@link io.github.metatilefanout.engine.settings.Setting}), the values set ({@link
 * io.github.metatilefanout.engine.settings.SettingValues}), their text format ({@link
 * io.github.metatilefanout.engine.settings.SettingsFormat}) and what a settings panel talks to ({@link
 * io.github.metatilefanout.engine.settings.FanoutConfiguration}).
 */
package io.github.metatilefanout.engine.settings;
