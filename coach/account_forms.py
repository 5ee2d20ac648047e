"""Account forms: signup (Django's, with its password validators) and recovery."""

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):
    """A user name and a password twice; no email (none is sent)."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class RecoveryForm(forms.Form):
    """Reset a forgotten password with the one-time recovery code."""

    username = forms.CharField(label=_("用户名"), max_length=150)
    code = forms.CharField(label=_("恢复码"), max_length=40)
    password1 = forms.CharField(label=_("新密码"), widget=forms.PasswordInput)
    password2 = forms.CharField(label=_("再输一次新密码"), widget=forms.PasswordInput)

    def clean(self):
        """Check that both passwords match and pass the password validators."""
        data = super().clean()
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("两次输入的密码不一样。"))
        elif first:
            try:
                password_validation.validate_password(first)
            except forms.ValidationError as exc:
                self.add_error("password1", exc)
        return data
