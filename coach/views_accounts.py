"""HTTP views of /accounts/: optional accounts over Django's auth."""

from asgiref.sync import async_to_sync

from django.contrib import messages
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters

from coach import selectors, services
from coach.account_forms import RecoveryForm, SignupForm
from coach.ratelimit import account_allow
from coach.services import accounts

TOO_MANY = "尝试太频繁了，请 {seconds} 秒后再试。"


def _limited(request, action: str, template: str, form):
    """Return a 429 page if this address tried ``action`` too often, else None."""
    if request.method != "POST":
        return None
    retry_after = async_to_sync(account_allow)(
        action=action, address=request.META.get("REMOTE_ADDR", "")
    )
    if retry_after is None:
        return None
    # Not validated: a login form would count a try with axes, or worse, pass.
    limited = TOO_MANY.format(seconds=int(retry_after))
    context = {"form": type(form)(), "limited": limited}
    response = render(request, template, context, status=429)
    response["Retry-After"] = str(int(retry_after))
    return response


@never_cache
@sensitive_post_parameters()
def signup(request):
    """Create an account that takes this browser's workbook along."""
    form = SignupForm(request.POST or None)
    if limited := _limited(request, "signup", "coach/accounts/signup.html", form):
        return limited
    if request.method == "POST" and form.is_valid():
        code = accounts.account_signup(request=request, user=form.save())
        # Shown once, in this response only: it is never stored unhashed.
        return render(request, "coach/accounts/code.html", {"code": code})
    return render(request, "coach/accounts/signup.html", {"form": form})


@never_cache
@sensitive_post_parameters()
def login_view(request):
    """Sign in (axes counts failures); settle two workbooks if both hold work."""
    form = AuthenticationForm(request, data=request.POST or None)
    if limited := _limited(request, "login", "coach/accounts/login.html", form):
        return limited
    if request.method == "POST" and form.is_valid():
        if accounts.account_login(request=request, user=form.get_user()):
            return redirect("account_choose")
        return redirect("workbook")
    return render(request, "coach/accounts/login.html", {"form": form})


@never_cache
@sensitive_post_parameters()
def recover(request):
    """Reset a forgotten password with the recovery code; show the next code."""
    form = RecoveryForm(request.POST or None)
    if limited := _limited(request, "recover", "coach/accounts/recover.html", form):
        return limited
    if request.method == "POST" and form.is_valid():
        code = accounts.recovery_code_use(
            username=form.cleaned_data["username"],
            code=form.cleaned_data["code"],
            password=form.cleaned_data["password1"],
        )
        if code is not None:
            return render(
                request, "coach/accounts/code.html", {"code": code, "reset": True}
            )
        form.add_error(None, _("用户名或恢复码不对。"))
    return render(request, "coach/accounts/recover.html", {"form": form})


@never_cache
def choose(request):
    """Let the person keep one workbook or merge them question by question."""
    browser = accounts.workbook_pending(request=request)
    if browser is None:
        return redirect("workbook")
    keep = request.POST.get("keep", "")
    if request.method == "POST" and keep in ("account", "browser", "merge"):
        picks = {
            k.removeprefix("pick-"): v
            for k, v in request.POST.items()
            if k.startswith("pick-")
        }
        accounts.workbook_choose(request=request, keep=keep, picks=picks)
        messages.success(request, _("好了，另一份已存档在你的账号里，随时可以查看。"))
        return redirect("workbook")
    account = services.session_peek(request=request)
    context = selectors.workbooks_compare(account=account, browser=browser)
    return render(request, "coach/accounts/choose.html", context)
